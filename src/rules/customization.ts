/**
 * Site-space customization overrides, as pure functions. An override is a partial copy of
 * the site's settings: a PATCH lays its fields over the stored override (null removes a
 * field, and a group such as `styling` left empty goes), and the effective settings are the
 * site's with the override's groups laid over them one level deep (a colour or a logo is
 * replaced whole, never mixed with the site's).
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function applyOverridePatch(stored: Json, patch: Json): Json {
  const out: Json = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (isObject(value) && isObject(out[key])) out[key] = withoutNulls({ ...(out[key] as Json), ...value });
    else out[key] = isObject(value) ? withoutNulls(value) : value;
    if (isObject(out[key]) && Object.keys(out[key] as Json).length === 0) delete out[key];
  }
  return out;
}

function withoutNulls(group: Json): Json {
  return Object.fromEntries(Object.entries(group).filter(([, v]) => v !== null));
}

export function overlay(settings: Json, override: Json): Json {
  const out: Json = { ...settings };
  for (const [key, value] of Object.entries(override)) {
    out[key] = isObject(value) && isObject(out[key]) ? { ...(out[key] as Json), ...value } : value;
  }
  return out;
}
