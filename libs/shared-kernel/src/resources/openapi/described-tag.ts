import { ApiTags } from '@nestjs/swagger';

/** Class metadata: the tags a controller describes, by name. */
const TAG_DESCRIPTIONS = 'estate:tag-descriptions';

/**
 * `@ApiTags(name)` with the tag's description, for a controller that serves routes of no declared resource (the
 * inventory, the events, the probate reference data): the catalog gathers it with the resources' own
 * (`tagDescription`), and the document refuses a tag that has none.
 */
export function DescribedTag(name: string, description: string): ClassDecorator {
  return (target) => {
    ApiTags(name)(target);
    Reflect.defineMetadata(TAG_DESCRIPTIONS, { ...describedTagsOf(target), [name]: description }, target);
  };
}

/** The tag descriptions a controller class carries. */
export function describedTagsOf(controller: unknown): Readonly<Record<string, string>> {
  if (typeof controller !== 'function') return {};
  return Reflect.getMetadata(TAG_DESCRIPTIONS, controller) ?? {};
}
