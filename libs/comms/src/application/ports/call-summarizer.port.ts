import type { ActionItem } from '../../domain/phone-call';

export interface CallSummary {
  /** A few sentences; never empty for a non-empty transcript. */
  summary: string;
  /** Commitments made on the call, none completed yet. */
  actionItems: ActionItem[];
}

/**
 * The call-summary port (`#25`: the summary is machine-generated). The default adapter is the offline extractive
 * summariser; a hosted language model adapter replaces it by configuration (`CALL_SUMMARIZER`), bound in
 * CommsModule's provider factory, never by code changes elsewhere.
 */
export abstract class CallSummarizer {
  /** The adapter's name, for logs. */
  abstract readonly name: string;
  abstract summarize(transcript: string): Promise<CallSummary>;
}
