/**
 * Site-space customization overrides, as pure functions. An override is a partial copy of
 * the site's settings: a PATCH merges its fields into the stored override (merge-patch.ts:
 * null removes a field, a group left empty goes), and the effective settings are the site's
 * with the override laid over them. Both merge field by field into the groups of settings
 * (`SETTINGS_GROUPS`: `styling`, `styling.sidebar`, `header`, ...), the objects the official
 * override body writes inline; any other object (a colour, a logo, a content reference, the
 * favicon) is a value replaced whole, never mixed with the site's.
 */
import { layOver, mergePatch } from './merge-patch.ts';

type Json = Record<string, unknown>;

/**
 * The groups of settings, by path: the objects the official override body
 * (schemas/sites/site-space-customization-body.json) writes inline with their fields, not by
 * reference (test/unit/rules/customization.test.ts reads them from the schema).
 */
export const SETTINGS_GROUPS: ReadonlySet<string> = new Set([
  'styling',
  'styling.sidebar',
  'styling.codeTheme',
  'internationalization',
  'header',
  'footer',
  'themes',
  'feedback',
  'externalLinks',
  'pagination',
  'trademark',
  'privacyPolicy',
  'socialPreview',
]);

const isGroup = (path: string) => SETTINGS_GROUPS.has(path);

export function applyOverridePatch(stored: Json, patch: Json): Json {
  return mergePatch(stored, patch, isGroup);
}

export function overlay(settings: Json, override: Json): Json {
  return layOver(settings, override, isGroup);
}
