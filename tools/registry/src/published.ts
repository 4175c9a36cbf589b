/**
 * One GET, tried again once if the connection fails: a caller that blocked its event loop on a
 * long command (spawnSync) can find its pooled keep-alive connection closed by the server meanwhile
 * (EPIPE), which says nothing about the registry.
 */
async function get(url: URL): Promise<Response> {
  const once = () => fetch(url, { headers: { accept: 'application/vnd.npm.install-v1+json' }, signal: AbortSignal.timeout(30_000) });
  try {
    return await once();
  } catch {
    return once();
  }
}

/** The versions a registry holds of each named package (none for a package it does not know). */
export async function publishedVersions(registryUrl: string, names: readonly string[]): Promise<Map<string, string[]>> {
  const entries = await Promise.all(
    names.map(async (name) => {
      const response = await get(new URL(name.replace('/', '%2f'), registryUrl));
      if (response.status === 404) return [name, []] as const;
      if (!response.ok) throw new Error(`GET ${name} from ${registryUrl}: ${response.status}`);
      const packument = (await response.json()) as { versions?: Record<string, unknown> };
      return [name, Object.keys(packument.versions ?? {})] as const;
    }),
  );
  return new Map(entries.map(([name, versions]) => [name, [...versions]]));
}
