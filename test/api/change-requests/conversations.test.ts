/** Agent conversations of a change request: what the state keeps, renamed and deleted. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const C = '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/conversations';

describe('change request conversations', () => {
  it('lists the scenario\'s conversation as it is kept (official client)', async () => {
    const res = await gb.client('reader').spaces.listChangeRequestConversations(gb.id('spaces', 'handbook'), gb.id('changeRequests', 'handbook-draft'));
    expectOfficial('listChangeRequestConversations', 200, res.data);
    expect(res.data.items).toEqual([expect.objectContaining({ object: 'agent-conversation', id: gb.id('officialRecords', 'draft-conversation'), title: 'Rewrite the remote work policy', shared: true })]);
  });

  it('renames one (the list shows it), then deletes it (205, gone from the list)', async () => {
    const id = gb.id('officialRecords', 'draft-conversation');
    const renamed = await t.call('editor', 'PATCH', `${C}/${id}`, { title: 'Remote work, second pass' });
    expect(renamed.status).toBe(200);
    expectOfficial('updateChangeRequestConversation', 200, renamed.body);
    const now = (await t.admin('GET', '/__admin/clock')).body.now;
    expect(renamed.body).toMatchObject({ title: 'Remote work, second pass', updatedAt: now });
    expect((await t.call('reader', 'GET', C)).body.items[0].title).toBe('Remote work, second pass');
    expect((await t.call('editor', 'DELETE', `${C}/${id}`)).status).toBe(205);
    expect((await t.call('reader', 'GET', C)).body.items).toEqual([]);
    expect((await t.call('editor', 'DELETE', `${C}/${id}`)).status).toBe(404);
  });

  it('refuses readers (403), a title missing (400), outsiders and unknown ids (404)', async () => {
    const id = gb.id('officialRecords', 'draft-conversation');
    expect((await t.call('reader', 'PATCH', `${C}/${id}`, { title: 'x' })).status).toBe(403);
    expect((await t.call('editor', 'PATCH', `${C}/${id}`, {})).status).toBe(400);
    expect((await t.call('outsider', 'GET', C)).status).toBe(404);
    expect((await t.call('editor', 'PATCH', `${C}/nope`, { title: 'x' })).status).toBe(404);
  });
});
