import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HydratedProvider, useHydrated } from './use-hydrated';

function Probe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <span>{hydrated ? 'browser' : 'server'}</span>;
}

describe('useHydrated', () => {
  // React's act() runs the hydration and the transition after it to the end before the asserts.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  beforeAll(() => void (actEnvironment.IS_REACT_ACT_ENVIRONMENT = true));
  afterAll(() => void (actEnvironment.IS_REACT_ACT_ENVIRONMENT = before));

  it('says false on the server and while hydrating, with no mismatch, then true', async () => {
    const serverSeen: boolean[] = [];
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <HydratedProvider hydrating>
        <Probe seen={serverSeen} />
      </HydratedProvider>,
    );
    expect(serverSeen).toEqual([false]);
    expect(container.textContent).toBe('server');

    const browserSeen: boolean[] = [];
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <HydratedProvider hydrating>
          <Probe seen={browserSeen} />
        </HydratedProvider>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });
    expect(mismatches).toEqual([]);
    expect(browserSeen[0]).toBe(false);
    expect(browserSeen.at(-1)).toBe(true);
    expect(container.textContent).toBe('browser');
  });

  it('waits for `settled` (the session\'s first read) before it turns true, without a mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <HydratedProvider hydrating>
        <Probe seen={[]} />
      </HydratedProvider>,
    );
    let settle: () => void = () => {};
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const seen: boolean[] = [];
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <HydratedProvider hydrating settled={settled}>
          <Probe seen={seen} />
        </HydratedProvider>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });
    expect(mismatches).toEqual([]);
    expect(seen).not.toContain(true);
    expect(container.textContent).toBe('server');

    await act(async () => settle());
    expect(container.textContent).toBe('browser');
  });

  it('says true at once for a page the browser draws itself, and outside any provider', () => {
    const seen: boolean[] = [];
    renderToString(
      <HydratedProvider hydrating={false}>
        <Probe seen={seen} />
      </HydratedProvider>,
    );
    renderToString(<Probe seen={seen} />);
    expect(seen).toEqual([true, true]);
  });
});
