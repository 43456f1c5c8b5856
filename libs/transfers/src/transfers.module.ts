import { Module } from '@nestjs/common';

/** The transfers bounded context: wired into the application now; its resources arrive with their own issues. */
@Module({})
export class TransfersModule {}
