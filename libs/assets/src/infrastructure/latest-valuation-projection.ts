import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Keeps each property's `latest_valuation` projection (contract-extensions §12.4) equal to its valuations, in the
 * transaction of the valuation's write (the valuation declaration's `afterWrite`, after every create, patch and
 * delete). The only properties a valuation's write can change are the one it now names and the one whose projection
 * names it (it moved away, stopped being `completed`, or was deleted); each is recomputed from its completed
 * valuations — latest `valuation_date`, ties to the latest `created_at` (then the greater id), undated ones last — and
 * written only when the projection moved, with its version raised so its ETag follows (its `updated_at` stays, and no
 * property event is told: the valuation's own event tells the change). Writes of one case are serialised by the case
 * row lock, so two valuation writes never race on one projection.
 */
export async function projectLatestValuations(em: EntityManager, valuation: { id: string; caseId: string; propertyId: string | null }): Promise<void> {
  await em.execute(
    `update real_estate_properties as property
        set latest_valuation_id = latest.id,
            latest_valuation_estimated_value = latest.estimated_value,
            latest_valuation_date = latest.valuation_date,
            version = property.version + 1
       from real_estate_properties as own
       left join lateral (
         select candidate.id, candidate.estimated_value, candidate.valuation_date
           from real_estate_valuations as candidate
          where candidate.property_id = own.id and candidate.status = 'completed'
          order by candidate.valuation_date desc nulls last, candidate.created_at desc, candidate.id desc
          limit 1) as latest on true
      where property.id = own.id
        and own.case_id = ?
        and (own.latest_valuation_id = ? or own.id = ?)
        and (property.latest_valuation_id is distinct from latest.id
          or property.latest_valuation_estimated_value is distinct from latest.estimated_value
          or property.latest_valuation_date is distinct from latest.valuation_date)`,
    [valuation.caseId, valuation.id, valuation.propertyId ?? null],
  );
}
