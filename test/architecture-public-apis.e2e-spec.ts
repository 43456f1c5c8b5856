/**
 * The public-APIs rule of `npm run arch` (scripts/public-apis.js) on small in-memory files: it must catch what it is
 * for, and nothing else, or the check either lets an internal through or cries wolf until someone silences it.
 */
interface Finding {
  line: number;
  problem: string;
}
type PackageJsonOf = (name: string) => { exports?: unknown } | undefined;
const { publicApiFindings, exportsSubpath } = require('../scripts/public-apis') as {
  publicApiFindings(file: string, text: string, packageJsonOf: PackageJsonOf): Finding[];
  exportsSubpath(exports: unknown, subpath: string): boolean;
};

/** Installed packages as the rule sees them: one without an `exports` map, one with. */
const PACKAGES: Record<string, { exports?: unknown }> = {
  '@nestjs/swagger': {},
  'pg-boss': {},
  'csv-stringify': { exports: { '.': './lib/index.js', './sync': { import: './lib/sync.js', require: './dist/cjs/sync.cjs' }, './package.json': './package.json' } },
};
const packageJsonOf: PackageJsonOf = (name) => PACKAGES[name];
const findingsOf = (text: string, file = 'libs/example/src/example.ts') => publicApiFindings(file, text, packageJsonOf);

describe('architecture: libraries are used through their public APIs only', () => {
  it('reports a deep import of a file under dist/ (import, type import, require), with its line', () => {
    const findings = findingsOf(
      [
        "import { ApiOperation } from '@nestjs/swagger';",
        "import { DECORATORS } from '@nestjs/swagger/dist/constants';",
        "import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';",
        "const plans = require('pg-boss/src/plans');",
      ].join('\n'),
    );
    expect(findings).toEqual([
      { line: 2, problem: expect.stringContaining("imports '@nestjs/swagger/dist/constants', an internal file of @nestjs/swagger") },
      { line: 3, problem: expect.stringContaining("imports '@nestjs/swagger/dist/interfaces/open-api-spec.interface'") },
      { line: 4, problem: expect.stringContaining("imports 'pg-boss/src/plans', an internal file of pg-boss") },
    ]);
  });

  it("follows a package's exports map: what it exports is public, anything else is not", () => {
    expect(findingsOf("import { stringify } from 'csv-stringify/sync';")).toEqual([]);
    expect(findingsOf("import { stringify } from 'csv-stringify/dist/cjs/sync.cjs';")).toEqual([
      { line: 1, problem: expect.stringContaining('a file csv-stringify does not export') },
    ]);
    expect(exportsSubpath({ './features/*.js': './src/*.js', './features/private/*': null }, 'features/a.js')).toBe(true);
    expect(exportsSubpath({ './features/*.js': './src/*.js', './features/private/*': null }, 'features/private/a.js')).toBe(false);
    expect(exportsSubpath('./index.js', 'sync')).toBe(false);
  });

  it('reports a private member, read, written or named in a string', () => {
    const findings = findingsOf(
      [
        'if (!helper(record).__managed) uow.register(record);',
        "const original = (wrapped as Record<string, unknown>)['__originalEntityData'];",
        'const connection = await transaction.client.acquireConnection();',
      ].join('\n'),
    );
    expect(findings).toEqual([
      { line: 1, problem: "names __managed, a private member of MikroORM's entities" },
      { line: 2, problem: "names __originalEntityData, a private member of MikroORM's entities" },
      { line: 3, problem: "names acquireConnection, knex's private connection handling" },
    ]);
  });

  it('does not count comments', () => {
    const text = [
      '// MikroORM keeps __originalEntityData; we never read it.',
      '/**',
      " * Not `require('class-transformer/cjs/storage')`, nor knex's acquireConnection.",
      ' */',
      "const url = 'https://example.com/*'; /* __touched */ const n = 1;",
    ].join('\n');
    expect(findingsOf(text)).toEqual([]);
  });

  it('lets public imports, our aliases, relative paths and Node built-ins through', () => {
    const text = [
      "import { Injectable } from '@nestjs/common';",
      "import { ApiOperation } from '@nestjs/swagger';",
      "import { QueryParameter } from '@estate/shared-kernel';",
      "import { ForeignCase } from '@estate/shared-kernel/domain';",
      "import { closestName } from './closest-name';",
      "import { open } from 'node:fs/promises';",
      "import { lookup } from 'dns/promises';",
      "import { IsString } from 'class-validator';",
    ].join('\n');
    expect(findingsOf(text)).toEqual([]);
  });

  it("reports Nest's and class-transformer's internals wherever they sit in the package", () => {
    const findings = findingsOf(["import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';", "import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';"].join('\n'));
    expect(findings.map((finding) => finding.line)).toEqual([1, 2]);
  });

  it('reports the class-transformer decorators DTOs must not use, and ApiQuery outside QueryParameter', () => {
    expect(findingsOf("import { Expose, Type } from 'class-transformer';")).toEqual([{ line: 1, problem: expect.stringContaining('imports Expose from \'class-transformer\'') }]);
    expect(findingsOf("import { ApiOperation, ApiQuery } from '@nestjs/swagger';")).toEqual([{ line: 1, problem: expect.stringContaining('QueryParameter') }]);
    expect(findingsOf("import { ApiQuery } from '@nestjs/swagger';", 'libs/shared-kernel/src/platform/http/known-query-parameters.guard.ts')).toEqual([]);
  });
});
