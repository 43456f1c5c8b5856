import { PipeTransform } from '@nestjs/common';
import { PIPES_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { attachToRoutes } from '../http/route-attachments';

/**
 * Body validation on every route that reads a `@Body()`, and on no other (issue 7): a global pipe runs for every
 * parameter of every route (`@Param`, `@Query`), a few promises each, only to hand the value back.
 */
export function validateBodyRoutes(modules: ModulesContainer, pipe: PipeTransform): void {
  attachToRoutes(modules, PIPES_METADATA, pipe, ({ controller, name }) => {
    const parameters = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) as Record<string, unknown> | undefined) ?? {};
    return Object.keys(parameters).some((key) => key.split(':')[0] === String(RouteParamtypes.BODY));
  });
}
