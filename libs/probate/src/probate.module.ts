import { Module } from '@nestjs/common';

/** The probate bounded context: wired into the application now; its resources arrive with their own issues. */
@Module({})
export class ProbateModule {}
