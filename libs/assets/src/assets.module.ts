import { Module } from '@nestjs/common';

/** The assets bounded context: wired into the application now; its resources arrive with their own issues. */
@Module({})
export class AssetsModule {}
