import { Patch, Req, Type } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiData, ApiErrors, ApiIfMatch, asJsonObject, CaseResourceController, ForeignCase, IfMatch, SingleResource, ValidBody, WriteRoute } from '@estate/shared-kernel';
import { ReviseSubTask } from '../application/revise-sub-task.service';
import { closureStepResource } from '../resources/closure-step.resource';
import { PatchSubTaskBody } from './dto/closure-step.dto';

const ClosureStepView = closureStepResource.view as Type;

/** Closure steps: the standard routes and `#15`, one sub-task's merge patch answering the whole step. */
export class ClosureStepsController extends CaseResourceController(closureStepResource) {
  @Patch(':step_id/sub-tasks/:sub_task_id')
  @WriteRoute()
  @ForeignCase('not_found')
  @ApiParam({ name: 'step_id', description: 'the closure step' })
  @ApiParam({ name: 'sub_task_id', description: 'the sub-task' })
  @ApiOperation({
    summary: 'Update a sub-task',
    description:
      'JSON Merge Patch of one sub-task (`title`, `completed`, `institution_contact_id`); answers the whole closure step, ' +
      'whose status as read follows its sub-tasks. If-Match takes the step\'s ETag.',
  })
  @ApiBody({ type: PatchSubTaskBody })
  @ApiIfMatch()
  @ApiData(ClosureStepView)
  @ApiErrors(400, 404, 412, 413, 415, 422)
  async patchSubTask(@Req() req: Request, @ValidBody() patch: PatchSubTaskBody, @IfMatch() ifMatch?: string): Promise<SingleResource> {
    const scope = await this.scope(req);
    const params = req.params as Record<string, string>;
    return this.useCase(ReviseSubTask).execute(scope, params.step_id, params.sub_task_id, asJsonObject(patch), ifMatch);
  }
}
