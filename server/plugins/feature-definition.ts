import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Command } from '../cli/command.ts';
import type { Config } from '../config/config.ts';
import type { DialectMigrations } from '../db/migrator.ts';
import { mergeMigrations } from '../db/migrator.ts';
import type { MessageKind } from '../outbox/message-kind.ts';

/**
 * A plugin of a feature's routes. Each is registered with one bag of what the composition holds (the
 * repositories, the configuration, the clock...); its options type says what it reads of the bag, and
 * the composition's bag is checked against all of them together (RoutesOptions).
 */
export type FeatureRoutes = (app: FastifyInstance, options: never) => Promise<void>;

/**
 * A feature's background work, called once at start with one bag (as FeatureRoutes): it adds its jobs
 * to the app's runner (app.jobs), starts them when the bag says so, and decorates the app with them.
 */
export type FeatureWorkers = (app: FastifyInstance, options: never) => void;

/**
 * What a feature is told of every change to a lead, in the lead's transaction (the integrations'
 * deliveries, the team's assignment and emails): built once from one bag, as FeatureRoutes. The core
 * does not know the leads' LeadHooks type: the composition (server/stores.ts) checks each against it.
 */
export type FeatureLeadHooks = (options: never) => unknown;

/**
 * A part of what /readyz reports (the database, the scanner, the mailbox...): built once at start from
 * one bag (as FeatureRoutes), then asked on every request for its keys of the report
 * (ops/health-routes.ts's Readiness, which the composition checks the parts cover). Never rejects.
 */
export type ReadinessCheck = (options: never) => () => Promise<object>;

/**
 * A feature, as it says what it has: one definition per feature folder (`<name>-feature.ts`), composed
 * by start-up, the command line and the tests from one list (server/features.ts). Adding a feature is
 * one line there.
 */
export interface FeatureDefinition {
  /** Its folder under server/. */
  readonly name: string;
  /** The features it imports (and that must come before it in the list): eslint.config.js's FEATURE_NEEDS. */
  readonly needs: readonly string[];
  /** Its tables' migrations, for both databases (docs/migrations.md). */
  readonly migrations: readonly DialectMigrations[];
  /** Tables its triggers fill from other rows: db:copy copies their sources, never them. */
  readonly derivedTables?: readonly string[];
  /** The kinds of message it queues in the outbox (emails, webhooks), built from the configuration. */
  readonly messageKinds?: (config: Config) => readonly MessageKind[];
  /** Its public routes (the quote form, the newsletter's pages...). */
  readonly publicRoutes?: readonly FeatureRoutes[];
  /** Its endpoints of the inbox's API (under /admin/api, behind the inbox's guard). */
  readonly inboxRoutes?: readonly FeatureRoutes[];
  /** Its background work: jobs of the runner (pending scans, the mailbox, reminders...). */
  readonly workers?: readonly FeatureWorkers[];
  /** What it does when a lead is stored, marked (not) spam or changes status, in the lead's transaction. */
  readonly leadHooks?: readonly FeatureLeadHooks[];
  /** Its commands of the command line (`npm run <name> -- …`: server/bin/ has one entry point each). */
  readonly commands?: readonly Command[];
  /** Its parts of what /readyz reports. */
  readonly readiness?: readonly ReadinessCheck[];
}

type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void
  ? I
  : never;

/** What a list of route plugins reads of the bag they are registered with: all their options together. */
export type RoutesOptions<R extends FeatureRoutes | FeatureWorkers> = UnionToIntersection<Parameters<R>[1]>;

/** What a list of readiness checks reports, all their parts together. */
export type ReadinessOf<R extends ReadinessCheck> = UnionToIntersection<Awaited<ReturnType<ReturnType<R>>>>;

/** What a list of parts built from one bag (lead hooks...) reads of it: all their options together. */
export type PartsOptions<R extends (options: never) => unknown> = UnionToIntersection<
  Exclude<Parameters<R>[0], undefined>
>;

/** The route plugins (or workers, lead hooks...) of a list of features, of one kind. */
export type RoutesOf<
  F extends readonly FeatureDefinition[],
  K extends 'publicRoutes' | 'inboxRoutes' | 'workers' | 'leadHooks' | 'readiness' | 'commands',
> = F[number] extends infer D ? (D extends { readonly [P in K]: readonly (infer R)[] } ? R : never) : never;

/** Registers each plugin with the one bag (checked by the caller's type against RoutesOptions). */
export async function registerAll(
  app: FastifyInstance,
  routes: readonly FeatureRoutes[],
  options: object,
): Promise<void> {
  for (const plugin of routes) await app.register(plugin as FastifyPluginAsync<object>, options);
}

/**
 * Checks the list: each name once, and each feature after the features it needs (a need that is not
 * in the list, or comes after, is a mistake of the composition: the server refuses to start).
 */
export function checkFeatures(features: readonly FeatureDefinition[]): void {
  const seen = new Set<string>();
  for (const feature of features) {
    if (seen.has(feature.name)) throw new Error(`The feature ${feature.name} is listed twice`);
    const missing = feature.needs.filter((need) => !seen.has(need));
    if (missing.length)
      throw new Error(`The feature ${feature.name} needs ${missing.join(', ')}, listed before it`);
    seen.add(feature.name);
  }
}

/**
 * The readiness checks built with the one bag (checked by the caller's type against PartsOptions), as
 * one: asked together on each request, their parts merged in the list's order.
 */
export function composeReadiness<R>(checks: readonly ReadinessCheck[], options: object): () => Promise<R> {
  const parts = checks.map((check) => (check as (options: object) => () => Promise<object>)(options));
  return async () => Object.assign({}, ...(await Promise.all(parts.map((part) => part())))) as R;
}

/** Every feature's migrations, and the core's, as one set per database (they run in their names' order). */
export function migrationsOf(definitions: readonly FeatureDefinition[]): DialectMigrations {
  return mergeMigrations(...definitions.flatMap((definition) => definition.migrations));
}

/** Every feature's kinds of outbox message. */
export function messageKindsOf(features: readonly FeatureDefinition[], config: Config): MessageKind[] {
  return features.flatMap((feature) => feature.messageKinds?.(config) ?? []);
}

/** Every definition's commands of the command line, in the list's order. */
export function commandsOf(definitions: readonly FeatureDefinition[]): Command[] {
  return definitions.flatMap((definition) => definition.commands ?? []);
}

/** Every definition's parts of /readyz, in the list's order (the order the report shows them). */
export function readinessChecksOf(definitions: readonly FeatureDefinition[]): ReadinessCheck[] {
  return definitions.flatMap((definition) => definition.readiness ?? []);
}

/** Every definition's lead hooks, in the list's order (each told in turn, in the lead's transaction). */
export function leadHooksOf(definitions: readonly FeatureDefinition[]): FeatureLeadHooks[] {
  return definitions.flatMap((definition) => definition.leadHooks ?? []);
}

/** Every table a feature's triggers fill (db:copy leaves them to the triggers). */
export function derivedTablesOf(features: readonly FeatureDefinition[]): string[] {
  return features.flatMap((feature) => feature.derivedTables ?? []);
}
