/**
 * What a Git Sync installation's provider offers to pick from, made up from the organization
 * so it is the same on every call: one repository (GitHub) or project (GitLab) per live space of
 * the organization, `<organization hostname>/<space slug>` (no repository the organization
 * holds no space for); branches `main`, each repository's default, and the branch the
 * installation is set to (no other: none would name anything kept); and in a space's
 * repository the files of its pages as Git Sync lays them out (README.md, <path>.md), with
 * `.gitbook.yaml` at the root of every repository. Whoever sees the installation's target reads them.
 */
import { errors } from '../../contract/errors.ts';
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import type { GitSyncInstallationRecord } from '../../store/records.ts';
import { sha1Hex, sha256Hex, utf8Length } from '../../text/digest.ts';
import { slugify } from '../../text/slug.ts';
import { pageEntries } from '../shared/page-tree.ts';
import { requireInstallation } from './installations.ts';
import { officialOp } from '../engine/operations.ts';

interface Repository {
  id: number;
  accountName: string;
  repositoryName: string;
  fullName: string;
  defaultBranch: string;
  /** The space whose pages it holds, if any. */
  space?: string;
}

function repositories(ctx: HandlerContext, installation: GitSyncInstallationRecord): Repository[] {
  const org = ctx.db.organizations.get(installation.organization);
  const account = slugify(org?.hostname ?? installation.organization) || 'docs';
  const repo = (name: string, space?: string): Repository => {
    const fullName = `${account}/${name}`;
    return { id: parseInt(sha256Hex(`${installation.provider}:${fullName}`).slice(0, 8), 16), accountName: account, repositoryName: name, fullName, defaultBranch: 'main', ...(space && { space }) };
  };
  const spaces = ctx.db.spaces.by('organization', installation.organization).filter((s) => !s.deletedAt);
  const taken = new Set<string>();
  const out: Repository[] = [];
  for (const space of spaces) {
    let name = slugify(space.title) || space.id;
    for (let n = 2; taken.has(name); n++) name = `${slugify(space.title)}-${n}`;
    taken.add(name);
    out.push(repo(name, space.id));
  }
  return out;
}

function branches(installation: GitSyncInstallationRecord) {
  const names = ['main'];
  const set = installation.providerConfiguration.branch;
  if (typeof set === 'string' && set.startsWith('refs/heads/') && !names.includes(set.slice(11))) names.push(set.slice(11));
  return names.map((name) => ({ name, ref: `refs/heads/${name}` }));
}

function forProvider(ctx: HandlerContext, provider: GitSyncInstallationRecord['provider']): GitSyncInstallationRecord {
  const installation = requireInstallation(ctx, (ctx.params as { installationId: string }).installationId);
  if (installation.provider !== provider) throw errors.badRequest(`installationId: this installation is a ${installation.provider} installation, not ${provider}`);
  return installation;
}

function file(ctx: HandlerContext, installation: GitSyncInstallationRecord, repo: Repository, path: string, ref: string) {
  const branch = branches(installation).find((b) => b.ref === ref || b.name === ref);
  if (!branch) throw errors.notFound('Branch', ref);
  const wanted = path.replace(/^\/+/, '');
  let text: string | undefined;
  if (wanted === '.gitbook.yaml') text = 'root: ./\n\nstructure:\n  readme: README.md\n';
  else if (repo.space) {
    const space = ctx.db.spaces.get(repo.space);
    const entry = pageEntries((space && ctx.db.revisions.get(space.revision)?.pages) || []).find((e) => e.file === wanted);
    text = entry?.page.markdown ?? (entry ? `# ${entry.page.title}\n` : undefined);
  }
  if (text === undefined) throw errors.notFound('File', path);
  return { name: wanted.slice(wanted.lastIndexOf('/') + 1), path: wanted, sha: sha1Hex(`${repo.fullName}:${branch.ref}:${wanted}:${text}`), size: utf8Length(text) };
}

export const gitSyncRepositoryOperations: Operation[] = [
  officialOp('listGitHubRepositoriesForGitSyncInstallation', {
    handle: (ctx) => ({ items: repositories(ctx, forProvider(ctx, 'github')).map(({ space: _space, ...r }) => r) }),
  }),
  officialOp('listGitHubRepoBranchesForGitSyncInstallation', {
    handle: (ctx) => {
      const installation = forProvider(ctx, 'github');
      githubRepo(ctx, installation);
      return { items: branches(installation) };
    },
  }),
  officialOp('getGitHubRepoFileForGitSyncInstallation', {
    handle: (ctx) => {
      const installation = forProvider(ctx, 'github');
      return file(ctx, installation, githubRepo(ctx, installation), ctx.query.path, ctx.query.ref);
    },
  }),
  officialOp('listGitLabProjectsForGitSyncInstallation', {
    handle: (ctx) => ({ items: repositories(ctx, forProvider(ctx, 'gitlab')).map(({ space: _space, ...r }) => r) }),
  }),
  officialOp('listGitLabProjectBranchesForGitSyncInstallation', {
    handle: (ctx) => {
      const installation = forProvider(ctx, 'gitlab');
      gitlabProject(ctx, installation);
      return { items: branches(installation) };
    },
  }),
  officialOp('getGitLabProjectFileForGitSyncInstallation', {
    handle: (ctx) => {
      const installation = forProvider(ctx, 'gitlab');
      return file(ctx, installation, gitlabProject(ctx, installation), ctx.query.path, ctx.query.ref);
    },
  }),
];

function githubRepo(ctx: HandlerContext<{ accountName: string; repositoryName: string }>, installation: GitSyncInstallationRecord): Repository {
  const fullName = `${ctx.params.accountName}/${ctx.params.repositoryName}`.toLowerCase();
  const found = repositories(ctx, installation).find((r) => r.fullName.toLowerCase() === fullName);
  if (!found) throw errors.notFound('Repository', `${ctx.params.accountName}/${ctx.params.repositoryName}`);
  return found;
}

function gitlabProject(ctx: HandlerContext<{ projectId: string }>, installation: GitSyncInstallationRecord): Repository {
  const found = repositories(ctx, installation).find((r) => String(r.id) === ctx.params.projectId);
  if (!found) throw errors.notFound('Project', ctx.params.projectId);
  return found;
}
