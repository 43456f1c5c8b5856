import { Migration } from '@mikro-orm/migrations';

/**
 * Persons gain their kinship fields (contract-extensions §17.3), all null until a client says. `through_person_id`
 * names a person of the same case; the database releases it when that person goes (as the kernel's writer also does),
 * and its index serves that release.
 */
export class Migration20261207210511_person_kinship extends Migration {

  override name = 'Migration20261207210511_person_kinship';

  override up(): void | Promise<void> {
    this.addSql(`alter table "persons" add "kinship" text null, add "through_person_id" varchar(26) null, add "descendant_of_spouse" boolean null, add "spouse_has_other_descendants" boolean null, add "side" text null;`);
    this.addSql(`alter table "persons" add constraint "persons_kinship_check" check ("kinship" in ('spouse', 'child', 'grandchild', 'great_grandchild', 'parent', 'sibling', 'half_sibling', 'niece_or_nephew', 'grandparent', 'aunt_or_uncle', 'first_cousin', 'other_relative', 'not_related'));`);
    this.addSql(`alter table "persons" add constraint "persons_side_check" check ("side" in ('maternal', 'paternal'));`);
    this.addSql(`alter table "persons" add constraint "persons_through_person_id_foreign" foreign key ("through_person_id") references "persons" ("id") on delete set null;`);
    this.addSql(`create index "persons_by_through_person" on "persons" ("through_person_id") where "through_person_id" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "persons_by_through_person";`);
    this.addSql(`alter table "persons" drop constraint "persons_through_person_id_foreign";`);
    this.addSql(`alter table "persons" drop constraint "persons_kinship_check";`);
    this.addSql(`alter table "persons" drop constraint "persons_side_check";`);
    this.addSql(`alter table "persons" drop column "kinship", drop column "through_person_id", drop column "descendant_of_spouse", drop column "spouse_has_other_descendants", drop column "side";`);
  }

}
