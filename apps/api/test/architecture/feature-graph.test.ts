import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const script = path.join(root, 'scripts/api-feature-graph.mjs');

interface Graph {
  features: number;
  links: { from: string; to: string; count: number }[];
  loops: string[][];
}

/** The script's figures and exit code for a features folder (the API's own when none is given). */
function graphOf(featuresDir?: string): { graph: Graph; exitCode: number } {
  const args = [script, '--json', ...(featuresDir ? ['--features', featuresDir] : [])];
  try {
    return { graph: JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as Graph, exitCode: 0 };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { graph: JSON.parse(failed.stdout) as Graph, exitCode: failed.status };
  }
}

describe('API feature graph (decision 0034)', () => {
  it('has no loop between feature folders', () => {
    const { graph, exitCode } = graphOf();
    expect(graph.loops).toEqual([]);
    expect(exitCode).toBe(0);
    expect(graph.links.length).toBeGreaterThan(0);
  });

  it('finds a loop, through a type-only import too, and fails on it', () => {
    const { graph, exitCode } = graphOf(path.join(root, 'apps/api/test/architecture/fixtures/feature-loop'));
    expect(graph.loops).toEqual([['reports', 'sales', 'stock']]);
    expect(graph.links).toEqual([
      { from: 'reports', to: 'sales', count: 1 },
      { from: 'sales', to: 'stock', count: 1 },
      { from: 'stock', to: 'reports', count: 1 },
    ]);
    expect(exitCode).toBe(1);
  });
});
