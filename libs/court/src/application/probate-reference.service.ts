import { Injectable } from '@nestjs/common';
import { type FilterSpecs, NotFoundError, pageModeMeta, parseListQuery, ResourceList, SingleResource } from '@estate/shared-kernel';
import { STATE_CODES } from '@estate/shared-kernel/domain';
import type { County, FederalEstateTax, StateRules } from '../domain/jurisdiction-rules';
import { FORM_PURPOSES, formServesState, type ProbateForm } from '../domain/probate-form';
import { ProbateReferenceFiles } from './ports/probate-reference-files.port';

/** The filters of `GET /v1/probate/forms` (§10.3); a repeated filter matches any of its values (contract §4). */
const FORM_FILTERS = {
  state: ['US', ...STATE_CODES],
  purpose: FORM_PURPOSES,
  probate_type: ['formal', 'informal', 'small_estate'],
  required: { kind: 'boolean' },
} as const satisfies FilterSpecs;

/** What each filter compares: the form's values (an array for `probate_type`). */
const FORM_VALUES: Record<string, (form: ProbateForm) => string[]> = {
  state: (form) => [form.state],
  purpose: (form) => [form.purpose],
  probate_type: (form) => form.probate_types,
  required: (form) => [String(form.required)],
};

/** A strong tag of a reference file: its SHA-256 (§10.4). */
const tagOf = (sha256: string) => `"${sha256}"`;

/**
 * The read-only reference routes of §10.3 and §10.4 over the committed files. Lists are paged as every list is (§4
 * page mode; no cursor mode: the lists are fixed and short), in a fixed order: states by code, counties by FIPS code,
 * forms by id. Every response is tagged with its file's SHA-256. See
 * docs/decisions/0039-probate-reference-data-and-forms-catalogue.md.
 */
@Injectable()
export class ProbateReference {
  constructor(private readonly files: ProbateReferenceFiles) {}

  states(query: Record<string, unknown>): ResourceList<StateRules> {
    const { content, sha256 } = this.files.jurisdictions();
    return this.page([...content.states].sort((a, b) => a.code.localeCompare(b.code)), sha256, query, ['probate', 'states']);
  }

  state(code: string): SingleResource<StateRules> {
    const { sha256 } = this.files.jurisdictions();
    return new SingleResource(this.stateOf(code), tagOf(sha256));
  }

  /** The federal estate tax values: the basic exclusion by year of death, Form 706 and its extension, portability. */
  federal(): SingleResource<FederalEstateTax> {
    const { content, sha256 } = this.files.jurisdictions();
    return new SingleResource(content.federal, tagOf(sha256));
  }

  counties(code: string, query: Record<string, unknown>): ResourceList<County> {
    const state = this.stateOf(code);
    const { content, sha256 } = this.files.jurisdictions();
    const counties = content.counties.filter((county) => county.state === state.code).sort((a, b) => a.fips.localeCompare(b.fips));
    return this.page(counties, sha256, query, ['probate', 'counties', state.code]);
  }

  county(code: string, fips: string): SingleResource<County> {
    const state = this.stateOf(code);
    const { content, sha256 } = this.files.jurisdictions();
    const county = content.counties.find((each) => each.state === state.code && each.fips === fips);
    if (!county) throw new NotFoundError('county');
    return new SingleResource(county, tagOf(sha256));
  }

  /** The catalogue, narrowed by the filters of the query (an invalid value is `400 bad_request` naming it). */
  forms(query: Record<string, unknown>): ResourceList<ProbateForm> {
    const { filters } = parseListQuery(query, { filters: FORM_FILTERS, sorts: ['created_at'] }, ['probate', 'forms']);
    const { content, sha256 } = this.files.forms();
    const matching = content.forms.filter((form) => filters.every((filter) => FORM_VALUES[filter.name](form).some((value) => filter.values.includes(value))));
    return this.page(this.byId(matching), sha256, query, ['probate', 'forms']);
  }

  form(formId: string): SingleResource<ProbateForm> {
    const { content, sha256 } = this.files.forms();
    const form = content.forms.find((each) => each.id === formId);
    if (!form) throw new NotFoundError('form');
    return new SingleResource(form, tagOf(sha256));
  }

  /** The forms a case of the state may use: the state's own and the federal ones (`US`), §10.2/§10.3. */
  formsOfState(code: string, query: Record<string, unknown>): ResourceList<ProbateForm> {
    const state = this.stateOf(code);
    const { content, sha256 } = this.files.forms();
    return this.page(this.byId(content.forms.filter((form) => formServesState(form, state.code))), sha256, query, ['probate', 'forms', state.code]);
  }

  /**
   * Whether `formId` names a form a probate case of `state` may file: one of that state's forms or a federal form
   * (§10.2 "form_id must be a form of the probate case's state or a federal form"). For the filings' `ProbateForms`
   * port.
   */
  formExists(formId: string, state: string): boolean {
    const form = this.files.forms().content.forms.find((each) => each.id === formId);
    return form !== undefined && formServesState(form, state);
  }

  private stateOf(code: string): StateRules {
    const state = this.files.jurisdictions().content.states.find((each) => each.code === code);
    if (!state) throw new NotFoundError('state');
    return state;
  }

  private byId(forms: ProbateForm[]): ProbateForm[] {
    return [...forms].sort((a, b) => a.id.localeCompare(b.id));
  }

  /** One page of a fixed list (contract §4 page mode: `page`, `per_page`); an invalid value is `400` naming it. */
  private page<T>(items: T[], sha256: string, query: Record<string, unknown>, list: readonly unknown[]): ResourceList<T> {
    const { page, perPage } = parseListQuery(query, { filters: {}, sorts: ['created_at'] }, list);
    return new ResourceList(items.slice((page - 1) * perPage, page * perPage), pageModeMeta({ page, perPage }, items.length), tagOf(sha256));
  }
}
