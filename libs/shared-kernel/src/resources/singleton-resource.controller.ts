import { Controller, Delete, Get, HttpCode, Inject, Param, Patch, Put, Res, Type } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ForeignCase } from '../platform/access/case-access';
import { IfMatch } from './conditional/if-match.decorator';
import { SingleResource } from './http/resource-response';
import { ValidBody, WriteRoute } from './http/route-decorators';
import { asJsonObject } from './merge-patch/merge-patch';
import { ApiData, ApiDeleted, ApiErrors, ApiIfMatch } from './openapi/api-responses';
import { defineRoute } from './case-resource.controller';
import { ServesResources } from './resource-manifest';
import { SingletonRecords } from './singleton-records';
import { SingletonRecord, SingletonResource } from './singleton-resource';

/** What a generated one-per-case controller offers the class that extends it. */
export class SingletonResourceControllerBase {
  @Inject(SingletonRecords) protected readonly records: SingletonRecords;
}

/**
 * The routes of a one-per-case resource, as a controller base class: `GET`, `PUT` (create 201 or replace 200) and, if
 * declared, a merge `PATCH` and `DELETE`, with their OpenAPI entries, `If-Match`, and 404 for a foreign case:
 *
 *   export class DeceasedController extends SingletonResourceController(deceasedResource) {}
 */
export function SingletonResourceController<T extends SingletonRecord>(resource: SingletonResource<T>): Type<SingletonResourceControllerBase> {
  @ApiTags(resource.manifest.tag)
  @ServesResources(resource.manifest)
  @ForeignCase('not_found')
  @Controller(`v1/cases/:case_id/${resource.path}`)
  class GeneratedController extends SingletonResourceControllerBase {}
  // The name is also the event key (`probate_case`); people read it as words.
  const noun = resource.name.replace(/_/g, ' ');
  Object.defineProperty(GeneratedController, 'name', { value: `${resource.name[0].toUpperCase()}${resource.name.slice(1)}RoutesBase` });

  // The handlers are named functions: the OpenAPI explorer finds a route's `@Param`s by its handler's name.
  defineRoute(
    GeneratedController,
    'get',
    function get(this: GeneratedController, caseId: string): Promise<SingleResource> {
      return this.records.get(resource, caseId);
    },
    [[Param('case_id'), String]],
    [
      Get(),
      ApiOperation({ summary: `Read the ${noun}`, description: resource.describe.read ?? '' }),
      ApiData(resource.view as Type),
      ApiErrors(404),
    ],
  );
  const patchBody = resource.patch;
  if (patchBody) {
    defineRoute(
      GeneratedController,
      'patch',
      function patch(this: GeneratedController, caseId: string, body: object, ifMatch?: string): Promise<SingleResource> {
        return this.records.patch(resource, caseId, asJsonObject(body), ifMatch);
      },
      [[Param('case_id'), String], [ValidBody(), patchBody], [IfMatch(), String]],
      [
        Patch(),
        WriteRoute(),
        ApiOperation({ summary: `Update the ${noun} (merge patch)`, description: resource.describe.patch ?? '' }),
        ApiBody({ type: patchBody as Type, ...(resource.examples?.patch ? { examples: resource.examples.patch } : {}) }),
        ApiIfMatch(),
        ApiData(resource.view as Type),
        ApiErrors(404, 412, 415, 422),
      ],
    );
  }
  defineRoute(
    GeneratedController,
    'put',
    async function put(this: GeneratedController, caseId: string, body: object, res: Response, ifMatch?: string): Promise<SingleResource> {
      const result = await this.records.replace(resource, caseId, asJsonObject(body), ifMatch);
      res.status(result.created ? 201 : 200);
      return result.presented;
    },
    [[Param('case_id'), String], [ValidBody(), resource.body], [Res({ passthrough: true }), Object], [IfMatch(), String]],
    [
      Put(),
      WriteRoute(),
      ApiOperation({ summary: `Create or replace the ${noun}`, description: resource.describe.replace ?? '' }),
      ApiBody({ type: resource.body as Type, ...(resource.examples?.replace ? { examples: resource.examples.replace } : {}) }),
      ApiIfMatch(),
      ApiData(resource.view as Type),
      ApiData(resource.view as Type, 201),
      ApiErrors(404, 412, 415, 422),
    ],
  );
  if (resource.deletable) {
    defineRoute(
      GeneratedController,
      'remove',
      async function remove(this: GeneratedController, caseId: string, ifMatch?: string): Promise<void> {
        await this.records.remove(resource, caseId, ifMatch);
      },
      [[Param('case_id'), String], [IfMatch(), String]],
      [
        Delete(),
        WriteRoute(),
        HttpCode(204),
        ApiOperation({ summary: `Delete the ${noun}`, description: resource.describe.delete ?? `Deletes the ${noun} record; 404 while the case has none.` }),
        ApiDeleted(),
        ApiIfMatch(),
        ApiErrors(404, 412, ...(resource.deleteRule ? [{ status: 409, code: 'invalid_state', message: `The ${noun} cannot be deleted while other records depend on it.` }] : [])),
      ],
    );
  }
  return GeneratedController;
}
