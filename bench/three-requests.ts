/**
 * The three requests the speed aims name (GET a space, list 20 comments, POST a comment), made
 * ready on an in-process mock, and the fair floor beside them (floor-app.mjs: a bare Hono app
 * sending the very bytes the mock sent, as bench/bare-server.mjs does over HTTP).
 * Shared by the in-process, listener and before/after benches.
 */
/** What the benches need of a mock: its in-process fetch and the manifest's token and space. */
export interface BenchedMock {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  runtime: { manifest: { tokens: Record<string, string>; ids: Record<string, Record<string, string>> } };
}

/** One of the three requests: its label in the tables, its name on the floor, its path and method. */
export interface Case {
  label: string;
  name: string;
  path: string;
  method: 'GET' | 'POST';
}

export interface ThreeRequests {
  headers: Record<string, string>;
  /** The POST's body. */
  post: string;
  cases: Case[];
  /** The bytes the mock answered each case with, by name. */
  texts: Record<string, string>;
}

export const BASE = 'http://127.0.0.1:4010';

/** Posts 25 comments on `starter`'s handbook (enough for a full page of 20) and records each case's answer. */
export async function threeRequests(mock: BenchedMock): Promise<ThreeRequests> {
  const { tokens, ids } = mock.runtime.manifest;
  const headers = { authorization: `Bearer ${tokens.commenter}`, 'content-type': 'application/json' };
  const space = ids.spaces.handbook;
  const post = JSON.stringify({ body: { markdown: 'A benchmark comment with a little text in it.' } });
  for (let i = 0; i < 25; i++) await (await mock.fetch(`${BASE}/v1/spaces/${space}/comments`, { method: 'POST', headers, body: post })).text();
  const cases: Case[] = [
    { label: 'GET a space', name: 'space', path: `/v1/spaces/${space}`, method: 'GET' },
    { label: 'list 20 comments', name: 'comments', path: `/v1/spaces/${space}/comments?limit=20`, method: 'GET' },
    { label: 'post a comment', name: 'post', path: `/v1/spaces/${space}/comments`, method: 'POST' },
  ];
  const texts: Record<string, string> = {};
  for (const { name, path, method } of cases) {
    texts[name] = await (await mock.fetch(`${BASE}${path}`, { method, headers, body: method === 'POST' ? post : undefined })).text();
  }
  return { headers, post, cases, texts };
}

export { floorApp } from './floor-app.mjs';
