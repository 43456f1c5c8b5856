/**
 * A record of `Class` (its methods included) holding `fields`, for rows read only to be presented (issue 7). MikroORM
 * puts a setter for every tracked property on the entity's prototype; assigning through it creates the entity's helper
 * (a wrapped entity with its data map) and redefines the property on the instance — about a tenth of the CPU of a
 * list page. Filled as a plain object first and given the class's prototype after, the record costs what an object
 * literal costs. The class's constructor does not run (entity classes have no field initializers: every property is
 * a column, set here). Such a record is never handed to the unit of work.
 */
export function plainRecord<T extends object>(Class: abstract new (...args: never[]) => T, fields: Record<string, unknown>): T {
  return Object.setPrototypeOf(fields, Class.prototype) as T;
}
