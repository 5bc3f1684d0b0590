/** Git Sync installations: installed on a space or a site, set up, listed for a site, removed. */
import { describe, expect, it } from 'vitest';
import { GitSyncInstallationPriority, GitSyncInstallationProvider } from '@gitbook/api';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('Git Sync installations', () => {
  it('install on a space as pending, become active once a repository and a branch are set, through the official client', async () => {
    const api = gb.client('admin');
    const space = gb.id('spaces', 'handbook');
    const made = await api.git.installGitSyncProviderOnTarget({ provider: GitSyncInstallationProvider.Github, target: { type: 'space', spaceId: space } });
    expectOfficial('installGitSyncProviderOnTarget', 201, made.data);
    expect(made.data).toMatchObject({ status: 'pending', provider: 'github', target: { type: 'space', spaceId: space }, createdBy: gb.id('users', 'admin') });
    const set = await api.git.updateGitSyncInstallationById(made.data.id, {
      provider: GitSyncInstallationProvider.Github,
      providerConfiguration: { repositoryId: 4242, branch: 'refs/heads/main' },
      projectDirectory: 'docs',
      priority: GitSyncInstallationPriority.Git,
    });
    expectOfficial('updateGitSyncInstallationById', 200, set.data);
    expect(set.data).toMatchObject({ status: 'active', projectDirectory: 'docs', priority: 'git', providerConfiguration: { repositoryId: 4242, branch: 'refs/heads/main' } });
    const got = await gb.client('reader').git.getGitSyncInstallationById(made.data.id);
    expectOfficial('getGitSyncInstallationById', 200, got.data);
    expect(got.data).toEqual(set.data);
  });

  it('allow one installation per target (409), refuse non-admins (403) and hide it from outsiders (404)', async () => {
    const body = { provider: 'gitlab', target: { type: 'space', spaceId: gb.id('spaces', 'handbook') } };
    expect((await t.call('editor', 'POST', '/v1/git/installations', body)).status).toBe(403);
    expect((await t.call('outsider', 'POST', '/v1/git/installations', body)).status).toBe(404);
    const made = await t.call('admin', 'POST', '/v1/git/installations', body);
    expect(made.status).toBe(201);
    expect((await t.call('admin', 'POST', '/v1/git/installations', body)).status).toBe(409);
    expect((await t.call('outsider', 'GET', `/v1/git/installations/${made.body.id}`)).status).toBe(404);
    expect((await t.call('reader', 'PATCH', `/v1/git/installations/${made.body.id}`, { provider: 'gitlab', providerConfiguration: {} })).status).toBe(403);
  });

  it('keep a GitLab access token without ever answering it', async () => {
    const made = await t.call('admin', 'POST', '/v1/git/installations', { provider: 'gitlab', target: { type: 'site', siteId: gb.id('sites', 'docs-site') } });
    const set = await t.call('admin', 'PATCH', `/v1/git/installations/${made.body.id}`, { provider: 'gitlab', providerConfiguration: { projectId: 7, branch: 'refs/heads/main', accessToken: 'glpat-secret' } });
    expect(set.status).toBe(200);
    expect(set.body.status).toBe('active');
    expect(JSON.stringify(set.body)).not.toContain('glpat-secret');
    expect(gb.mock!.runtime.db.gitSyncInstallations.get(made.body.id)!.providerConfiguration.accessToken).toBe('glpat-secret');
  });

  it('list a site\'s installation and its spaces\', and go on DELETE (205)', async () => {
    const [org, site] = [gb.id('organizations', 'acme'), gb.id('sites', 'docs-site')];
    const onSite = await t.call('admin', 'POST', '/v1/git/installations', { provider: 'github', target: { type: 'site', siteId: site } });
    const onSpace = await t.call('admin', 'POST', '/v1/git/installations', { provider: 'github', target: { type: 'space', spaceId: gb.id('spaces', 'handbook'), siteId: site } });
    await t.call('admin', 'POST', '/v1/git/installations', { provider: 'github', target: { type: 'space', spaceId: gb.id('spaces', 'api-docs') } });
    const listed = await gb.client('reader').orgs.listSiteGitSyncInstallations(org, site);
    expectOfficial('listSiteGitSyncInstallations', 200, listed.data);
    expect(listed.data.items.map((i) => i.id).sort()).toEqual([onSite.body.id, onSpace.body.id].sort());
    expect((await t.call('admin', 'DELETE', `/v1/git/installations/${onSite.body.id}`)).status).toBe(205);
    expect((await t.call('admin', 'GET', `/v1/git/installations/${onSite.body.id}`)).status).toBe(404);
    const bad = await t.call('admin', 'POST', '/v1/git/installations', { provider: 'github', target: { type: 'space', spaceId: gb.id('spaces', 'api-docs'), siteId: site } });
    expect(bad.status).toBe(400);
  });
});

describe('Git Sync repositories', () => {
  it('offer a repository per space with its pages as files, the same on every call, through the official client', async () => {
    const api = gb.client('admin');
    const made = await api.git.installGitSyncProviderOnTarget({ provider: GitSyncInstallationProvider.Github, target: { type: 'space', spaceId: gb.id('spaces', 'handbook') } });
    const repos = await api.git.listGitHubRepositoriesForGitSyncInstallation(made.data.id);
    expectOfficial('listGitHubRepositoriesForGitSyncInstallation', 200, repos.data);
    expect(repos.data.items.map((r) => r.fullName)).toEqual(['acme/employee-handbook', 'acme/acme-api']);
    expect((await api.git.listGitHubRepositoriesForGitSyncInstallation(made.data.id)).data).toEqual(repos.data);
    const branches = await api.git.listGitHubRepoBranchesForGitSyncInstallation(made.data.id, 'acme', 'employee-handbook');
    expectOfficial('listGitHubRepoBranchesForGitSyncInstallation', 200, branches.data);
    expect(branches.data.items.map((b) => b.ref)).toEqual(['refs/heads/main']);
    const readme = await api.git.getGitHubRepoFileForGitSyncInstallation(made.data.id, 'acme', 'employee-handbook', { path: 'README.md', ref: 'refs/heads/main' });
    expectOfficial('getGitHubRepoFileForGitSyncInstallation', 200, readme.data);
    expect(readme.data).toMatchObject({ name: 'README.md', path: 'README.md', size: expect.any(Number) });
    const path = `/v1/git/installations/${made.data.id}/github/repos/acme/employee-handbook/file`;
    expect((await t.call('admin', 'GET', `${path}?path=policies/expenses.md&ref=main`)).status).toBe(200);
    expect((await t.call('admin', 'GET', `${path}?path=nope.md&ref=main`)).status).toBe(404);
    expect((await t.call('admin', 'GET', `${path}?path=README.md&ref=refs/heads/nope`)).status).toBe(404);
    expect((await t.call('admin', 'GET', `/v1/git/installations/${made.data.id}/github/repos/acme/nope/branches`)).status).toBe(404);
    expect((await t.call('admin', 'GET', `/v1/git/installations/${made.data.id}/gitlab/projects`)).status).toBe(400);
  });

  it('offer GitLab projects by id, with the branch the installation is set to', async () => {
    // The starter's Acme API is synced with GitLab.
    const made = { body: { id: gb.id('gitSyncInstallations', 'api-docs-gitlab') } };
    const base = `/v1/git/installations/${made.body.id}/gitlab/projects`;
    const projects = await t.call('reader', 'GET', base);
    expectOfficial('listGitLabProjectsForGitSyncInstallation', 200, projects.body);
    const api = projects.body.items.find((p: any) => p.repositoryName === 'acme-api');
    await t.call('admin', 'PATCH', `/v1/git/installations/${made.body.id}`, { provider: 'gitlab', providerConfiguration: { projectId: api.id, branch: 'refs/heads/docs-v2' } });
    const branches = await t.call('reader', 'GET', `${base}/${api.id}/branches`);
    expectOfficial('listGitLabProjectBranchesForGitSyncInstallation', 200, branches.body);
    expect(branches.body.items.map((b: any) => b.name)).toEqual(['main', 'docs-v2']);
    const yaml = await t.call('reader', 'GET', `${base}/${api.id}/file?path=.gitbook.yaml&ref=docs-v2`);
    expectOfficial('getGitLabProjectFileForGitSyncInstallation', 200, yaml.body);
    expect((await t.call('reader', 'GET', `${base}/123/branches`)).status).toBe(404);
  });
});
