import type { JsonObject } from '@estate/shared-kernel';
import type { SummaryNeed } from '../domain/call-summary-rule';
import { CallSummarizer } from './ports/call-summarizer.port';

/** The body with what the call-summary port generated for the fields the rule left to it. */
export async function withGeneratedSummary(body: JsonObject, need: SummaryNeed, summarizer: CallSummarizer): Promise<JsonObject> {
  const generated = await summarizer.summarize(need.transcript);
  const filled: JsonObject = { ...body, summary: generated.summary };
  if (need.actionItems) filled.action_items = generated.actionItems.map((item) => ({ description: item.description, completed: item.completed }));
  return filled;
}
