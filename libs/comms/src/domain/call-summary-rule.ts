import type { ActionItem } from './phone-call';

/**
 * When the call-summary port runs (issue 9, `#25`: the summary is machine-generated). Decided on what the request
 * sent, because only the request tells a summary the client wrote from one the port wrote before:
 * - a call created with a transcript and no summary gets one; its action items are generated too unless the body
 *   sent some (an empty array is "sent");
 * - a patch generates the summary when the call then has a transcript and no summary (`summary: null` asks for a new
 *   one), or when it sends a different transcript without a summary (a summary describes its transcript); it
 *   generates action items only when the patch sent none and the call has none, so items a user ticked are never
 *   replaced behind their back;
 * - a summary or action items sent by the client are kept as sent.
 */
export interface SummaryNeed {
  transcript: string;
  summary: boolean;
  actionItems: boolean;
}

type Body = Record<string, unknown>;

const present = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export function summaryNeedOnCreate(body: Body): SummaryNeed | null {
  if (!present(body.transcript) || (body.summary !== undefined && body.summary !== null)) return null;
  const itemsSent = body.action_items !== undefined && body.action_items !== null;
  return { transcript: body.transcript, summary: true, actionItems: !itemsSent };
}

export interface SummarizedState {
  transcript: string | null;
  summary: string | null;
  actionItems: readonly ActionItem[];
}

export function summaryNeedOnPatch(current: SummarizedState, patch: Body): SummaryNeed | null {
  const transcript = 'transcript' in patch ? patch.transcript : current.transcript;
  if (!present(transcript)) return null;
  if ('summary' in patch && patch.summary !== null) return null;
  const summaryAfter = 'summary' in patch ? null : current.summary;
  const newTranscript = 'transcript' in patch && patch.transcript !== current.transcript;
  if (summaryAfter !== null && !newTranscript) return null;
  const itemsAfter = 'action_items' in patch ? patch.action_items : current.actionItems;
  const itemsSent = 'action_items' in patch && patch.action_items !== null;
  const hasItems = Array.isArray(itemsAfter) && itemsAfter.length > 0;
  return { transcript, summary: true, actionItems: !itemsSent && !hasItems };
}
