import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, getSchemaPath } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrors, assertCaseAccessChecked, DescribedTag, ForeignCase, QueryParameter } from '@estate/shared-kernel';
import { centsToNumber, STATE_CODES } from '@estate/shared-kernel/domain';
import { EstateHeirship, type HeirshipQuery, type HeirshipReport, PROPERTY_KINDS } from '../application/estate-heirship.service';
import { HeirshipView } from './dto/heirship.dto';

/** The answer as the API writes it: money as numbers of exact cents (contract §3.1), every other value as computed. */
function heirshipView({ property, estateCents, answer }: HeirshipReport): HeirshipView {
  return {
    state: answer.state,
    property,
    rule_source: answer.rule_source,
    representation: answer.representation,
    estate_value: centsToNumber(estateCents),
    heirs: answer.heirs.map((heir) => ({
      person_id: heir.person_id,
      name: heir.name,
      kinship: heir.kinship,
      fraction: heir.fraction,
      amount: centsToNumber(heir.amount_cents),
      via: heir.via,
      citation: heir.citation,
    })),
    unresolved: answer.unresolved,
    escheat: answer.escheat,
    verified: answer.verified,
    citations: answer.citations,
    notes: answer.notes,
  };
}

/**
 * `GET /v1/cases/{case_id}/heirship`: who inherits without a will. A computation, not a record: no ETag, no event;
 * every collaborator who may read the case may read it; another organization's case is 404.
 */
@DescribedTag(
  'heirship',
  "Who inherits when there is no will: each heir's exact share and amount under the state's intestate succession (the spouse's share, the representation rule, the order of heirs), with the statute of every share.",
)
@ForeignCase('not_found')
@Controller('v1/cases/:case_id/heirship')
export class HeirshipController {
  constructor(private readonly heirship: EstateHeirship) {}

  @Get()
  @ApiOperation({
    operationId: 'getHeirship',
    summary: 'Compute who inherits without a will',
    description:
      'Divides the estate among the persons of the case by their `kinship` under the intestacy statute of `state` (by default the domicile: the ' +
      "probate case's state, else the deceased's address state): the surviving spouse's share, then the descendants by the state's " +
      'representation rule (a predeceased relative’s share passes to their descendants, named in `via`), then parents, siblings and more ' +
      "remote kin. The estate value is the inventory's gross probate assets at the date of death; shares are exact fractions and amounts exact " +
      'cents. A fact the rule needs that the persons do not give (a child’s `descendant_of_spouse`, the spouse’s `spouse_has_other_descendants`, ' +
      "a grandchild's `through_person_id`) is listed in `unresolved` and no share is computed; so is a state whose rules the data leaves " +
      'incomplete, and Louisiana (civil-law succession). No heir at all: `escheat`. Testate estates, elective shares, pretermitted heirs and ' +
      'advancements are not computed.',
  })
  @QueryParameter({ name: 'state', required: false, description: 'USPS code of the state (or `DC`) whose law applies; by default the domicile.', schema: { type: 'string', enum: [...STATE_CODES] }, example: 'FL' })
  @QueryParameter({
    name: 'property',
    required: false,
    description: '`separate` (default) or `community`: the deceased’s half of the community property, in a community-property state only (else 422).',
    schema: { type: 'string', enum: [...PROPERTY_KINDS], default: 'separate' },
  })
  @ApiExtraModels(HeirshipView)
  @ApiOkResponse({
    description: 'OK; `data` is the computation. It changes nothing and carries no ETag.',
    schema: { type: 'object', required: ['data'], properties: { data: { $ref: getSchemaPath(HeirshipView) } } },
  })
  @ApiErrors(400, 404, {
    status: 422,
    code: 'validation_error',
    summary: '422 validation_error: community property asked of a state without it',
    message: 'Invalid query parameters.',
    details: [{ field: 'property', message: 'Florida has no community property: its estates are separate property', reason: 'rule' }],
  })
  async read(@Param('case_id') caseId: string, @Query() query: HeirshipQuery, @Req() req: Request): Promise<{ data: HeirshipView }> {
    assertCaseAccessChecked(req);
    return { data: heirshipView(await this.heirship.of(caseId, query)) };
  }
}
