import { DynamicModule, Inject, Module } from '@nestjs/common';

/*
 * The one way a declaration reaches the code that serves it. A declaration names its use cases (late-bound: the
 * declaration imports them), so a use case cannot import its declaration back (no import cycle) and, living in
 * `application/`, may not reach the DTOs a declaration imports. Instead the context module provides its declarations
 * through `CaseResourceModule.forResources([...])`, each under a token the kernel derives from its name, and a use case,
 * processor or job handler asks for one with `@InjectResource('email')`. Nest refuses to start if none is provided.
 */

/** The injection token of a declaration: derived from its name (`email`, `bank account`), unique among declarations. */
export function resourceToken(name: string): string {
  return `case resource: ${name}`;
}

/** Injects the declaration named `name` (provided by its context module through `CaseResourceModule.forResources`). */
export function InjectResource(name: string): ParameterDecorator & PropertyDecorator {
  return Inject(resourceToken(name));
}

/** Provides a context's declarations under their tokens, for its use cases. */
@Module({})
export class CaseResourceModule {
  static forResources(resources: ReadonlyArray<{ readonly name: string }>): DynamicModule {
    const providers = resources.map((resource) => ({ provide: resourceToken(resource.name), useValue: resource }));
    return { module: CaseResourceModule, providers, exports: providers.map((provider) => provider.provide) };
  }
}
