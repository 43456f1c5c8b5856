import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { CaseResource, CaseResourceReader, Clock, ErrorDetail, InjectResource, PageMeta, ResourceEvents, ResourceList, subjectOf, UnitOfWork, ValidationFailedError } from '@estate/shared-kernel';
import { DEATH_TAX_KEYS } from '../domain/death-tax-deadlines';
import { generateDeadlines, isKnownState, SkippedDeadline } from '../domain/deadline-generator';
import { ProbateDeadline } from '../domain/probate-deadline';
import { DeceasedDates } from './ports/deceased-dates.port';
import { GrossEstates, SurvivingRelatives } from './ports/estate-tax-facts.port';
import { JurisdictionRuleBook } from './ports/jurisdiction-rules.port';
import { LettersDates } from './ports/letters-dates.port';
import { EstateDomicile } from './estate-domicile';

/** The generated deadlines the estate decides (death taxes): a rerun that no longer makes one drops it, unless completed. */
const DECIDED_BY_THE_ESTATE: ReadonlySet<string> = new Set(DEATH_TAX_KEYS);

export interface GenerateDeadlinesInput {
  appointment_date: string;
  date_of_death?: string | null;
  letters_issued_date?: string | null;
  state?: string | null;
  first_publication_date?: string | null;
}

/**
 * `POST …/probate/deadlines/generate`: the estate's standard deadlines from the jurisdiction file. One deadline per
 * template and case (a unique index backs it): running again creates nothing new, and moves the generated deadlines
 * that are not completed to what the new inputs give. Answers every generated deadline of the case, by due date, and
 * in `meta.skipped` each deadline left out because the date its rule counts from is not known yet. The letters date
 * is the body's `letters_issued_date`, else the executor's (the probate case records none). The returns due at death
 * weigh the gross estate (the inventory at the date of death), the surviving spouse and the beneficiaries' kinship, in
 * the domicile (the body's `state`, else the probate case's, else the deceased's address's): a rerun after these change
 * adds the returns now due and drops those no longer due, a completed one staying as history.
 */
@Injectable()
export class GenerateDeadlines {
  constructor(
    @InjectResource('probate deadline') private readonly deadlines: CaseResource<ProbateDeadline>,
    private readonly uow: UnitOfWork,
    private readonly reader: CaseResourceReader,
    private readonly clock: Clock,
    private readonly deceased: DeceasedDates,
    private readonly letters: LettersDates,
    private readonly ruleBook: JurisdictionRuleBook,
    private readonly events: ResourceEvents,
    private readonly domicile: EstateDomicile,
    private readonly grossEstates: GrossEstates,
    private readonly relatives: SurvivingRelatives,
  ) {}

  execute(scope: { caseId: string }, body: GenerateDeadlinesInput): Promise<ResourceList> {
    return this.uow.run(
      async (em) => {
        const rules = this.ruleBook.rules();
        const dateOfDeath = body.date_of_death ?? (await this.deceased.dateOfDeath(scope.caseId));
        const problems: ErrorDetail[] = [];
        if (!dateOfDeath) problems.push({ field: 'date_of_death', message: 'date_of_death is required when the case has no deceased date of death', reason: 'required' });
        if (body.state && !isKnownState(rules, body.state)) problems.push({ field: 'state', message: 'state must be a USPS code of a state or DC', reason: 'enum' });
        if (dateOfDeath && body.appointment_date < dateOfDeath) problems.push({ field: 'appointment_date', message: 'appointment_date must not be before the date of death', reason: 'rule' });
        if (dateOfDeath && body.first_publication_date && body.first_publication_date < dateOfDeath) {
          problems.push({ field: 'first_publication_date', message: 'first_publication_date must not be before the date of death', reason: 'rule' });
        }
        // As on the executor (§10.5): letters issue on or after the appointment.
        if (body.letters_issued_date && body.letters_issued_date < body.appointment_date) {
          problems.push({ field: 'letters_issued_date', message: 'letters_issued_date must not be before appointment_date', reason: 'rule' });
        }
        if (problems.length > 0) throw new ValidationFailedError(problems);

        const lettersIssuedDate = body.letters_issued_date ?? (await this.letters.lettersIssuedDate(scope.caseId));
        const domicile = await this.domicile.of(scope.caseId, body.state ?? null);
        const grossEstate = await this.grossEstates.grossEstateOf(scope.caseId, dateOfDeath as string);
        const { spouseSurvives, beneficiaries } = await this.relatives.survivorsOf(scope.caseId);
        const { deadlines: generated, skipped } = generateDeadlines(
          {
            dateOfDeath: dateOfDeath as string,
            appointmentDate: body.appointment_date,
            lettersIssuedDate,
            state: body.state,
            firstPublicationDate: body.first_publication_date,
            domicile: domicile && isKnownState(rules, domicile) ? domicile : null,
          },
          rules,
          { grossEstate, spouseSurvives, beneficiaries },
        );
        const existing = await em.find(ProbateDeadline, { caseId: scope.caseId, generatedKey: { $ne: null } });
        const byKey = new Map(existing.map((deadline) => [deadline.generatedKey, deadline]));
        const context = this.reader.context();
        const viewOf = (deadline: ProbateDeadline) => this.reader.view(this.deadlines, deadline, context);
        const before = new Map(existing.map((deadline) => [deadline.id, viewOf(deadline)]));
        const now = this.clock.now();
        for (const deadline of generated) {
          const found = byKey.get(deadline.key);
          if (found) found.reschedule(deadline, now);
          else {
            const created = ProbateDeadline.generate(ulid(), scope.caseId, deadline, now);
            em.persist(created);
            existing.push(created);
          }
        }
        const made = new Set(generated.map((deadline) => deadline.key));
        const dropped = existing.filter((deadline) => DECIDED_BY_THE_ESTATE.has(deadline.generatedKey as string) && !made.has(deadline.generatedKey as string) && deadline.status !== 'completed');
        for (const deadline of dropped) em.remove(deadline);
        await em.flush();
        const subject = subjectOf(this.deadlines, scope);
        for (const deadline of dropped) await this.events.deleted(em, subject, before.get(deadline.id) as Record<string, unknown>);
        const kept = existing.filter((deadline) => !dropped.includes(deadline));
        const ordered = kept.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id));
        const views = ordered.map(viewOf);
        for (const [index, deadline] of ordered.entries()) {
          const prior = before.get(deadline.id);
          if (prior === undefined) await this.events.created(em, subject, views[index]);
          else await this.events.changed(em, subject, prior, views[index]);
        }
        const meta: PageMeta & { skipped: SkippedDeadline[] } = {
          page: 1,
          per_page: Math.max(ordered.length, 1),
          total_count: ordered.length,
          total_pages: ordered.length > 0 ? 1 : 0,
          has_more: false,
          next_cursor: null,
          skipped,
        };
        return new ResourceList(views, meta);
      },
      { caseId: scope.caseId },
    );
  }
}
