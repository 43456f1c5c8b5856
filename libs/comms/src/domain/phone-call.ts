import type { CaseRecord } from '@estate/shared-kernel/domain';
import type { CallDirection, CallStatus, RecordingStatus } from './comms-vocabulary';

/** One commitment taken from a call (`#25`): ticked `completed` through `PATCH`. */
export interface ActionItem {
  description: string;
  completed: boolean;
}

/** A phone call with an institution or a person: a plain record. Its summary is machine-generated (see call-summary-rule.ts). */
export class PhoneCall implements CaseRecord {
  id: string;
  caseId: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  institutionContactId: string | null;
  toNumber: string;
  fromNumber: string;
  status: CallStatus | null;
  direction: CallDirection;
  durationSeconds: number | null;
  startedAt: Date | null;
  endedAt: Date | null;
  recordingUrl: string | null;
  recordingDurationSeconds: number | null;
  recordingStatus: RecordingStatus | null;
  transcript: string | null;
  summary: string | null;
  actionItems: ActionItem[];
  calledBy: string | null;
  telephonyCallSid: string | null;
  notes: string | null;
}
