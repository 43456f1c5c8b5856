import { ApiProperty } from '@nestjs/swagger';
import { TextField } from '@estate/shared-kernel';
import { CHECK_STATUSES, FAILURE_CODES, VERIFICATION_CHECKS } from '../../domain/verification-vocabulary';

/** `POST …/{id}/cancel`: an optional note on why. */
export class CancelIdentityVerificationBody {
  @TextField({ description: 'Why it is cancelled; replaces the verification’s notes when sent.', example: 'Started for the wrong person.' })
  notes?: string | null;
}

export class VerificationCheckView {
  @ApiProperty({ enum: VERIFICATION_CHECKS, description: 'What was checked.', example: 'ssn_match' }) check: string;
  @ApiProperty({ enum: CHECK_STATUSES, description: 'How it went; not_checked when the provider stopped before it.', example: 'passed' }) status: string;
}

export class VerificationResultView {
  @ApiProperty({ enum: ['pass', 'fail'], description: 'pass for verified, fail for failed.', example: 'pass' }) outcome: string;
  @ApiProperty({ type: [VerificationCheckView], description: 'Every check the method runs, in the order it runs them.' }) checks: VerificationCheckView[];
  @ApiProperty({ enum: FAILURE_CODES, nullable: true, type: String, description: 'Why it failed; null when verified.', example: null })
  failure_code: string | null;
}
