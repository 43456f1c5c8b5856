/**
 * Sets environment variables for the apps a suite builds (`undefined` unsets one) and returns what puts them back as
 * they were — assigning `undefined` would store the string "undefined".
 */
export function overrideEnv(values: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  const apply = (entries: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(entries)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(values);
  return () => apply(saved);
}
