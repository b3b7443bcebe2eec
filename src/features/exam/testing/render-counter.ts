// Test support only: records which components React rendered, through the hook React DevTools
// uses (`__REACT_DEVTOOLS_GLOBAL_HOOK__`). It must be installed before react-dom loads: call
// `installRenderCounter()` from `vi.hoisted` in the test file. A component counts once per commit
// in which its function ran (the fiber's PerformedWork flag, as DevTools reads it); a subtree React
// bailed out of is not walked, since its fibers are the previous commit's.

interface Fiber {
  tag: number;
  type: unknown;
  flags: number;
  memoizedProps: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  return: Fiber | null;
  alternate: Fiber | null;
}

// React's work tags and flags (react-reconciler: ReactWorkTags, ReactFiberFlags).
const FUNCTION = 0;
const CLASS = 1;
const FORWARD_REF = 11;
const SIMPLE_MEMO = 15;
const HOST = 5;
const COMPONENT_TAGS = [FUNCTION, CLASS, FORWARD_REF, SIMPLE_MEMO];
const PERFORMED_WORK = 1;

function nameOf(f: Fiber): string {
  const t = f.type as { displayName?: string; name?: string; render?: { displayName?: string; name?: string } } | null;
  const named = f.tag === FORWARD_REF ? t?.displayName ?? t?.render?.displayName ?? t?.render?.name : t?.displayName ?? t?.name;
  return named || 'Anonymous';
}

export interface Render {
  name: string;
  props: Record<string, unknown>;
  /** The names of the components above it, nearest first. */
  ancestors: string[];
}

export interface RenderCounter {
  /** Every component render since the last `reset()`, in commit order. */
  renders(): Render[];
  /** Renders per component name since the last `reset()`. */
  counts(): Record<string, number>;
  /** DOM elements React reconciled with new props since the last `reset()` (their component re-rendered). */
  hostUpdates(): number;
  reset(): void;
}

export function installRenderCounter(): RenderCounter {
  let renders: Render[] = [];
  let hostUpdates = 0;
  const ancestorsOf = (f: Fiber) => {
    const out: string[] = [];
    for (let a = f.return; a; a = a.return) if (COMPONENT_TAGS.includes(a.tag)) out.push(nameOf(a));
    return out;
  };
  const walk = (fiber: Fiber | null) => {
    for (let f = fiber; f; f = f.sibling) {
      const mounted = f.alternate === null;
      if (COMPONENT_TAGS.includes(f.tag) && (mounted || (f.flags & PERFORMED_WORK) !== 0)) {
        renders.push({ name: nameOf(f), props: (f.memoizedProps ?? {}) as Record<string, unknown>, ancestors: ancestorsOf(f) });
      }
      if (f.tag === HOST && (mounted || f.memoizedProps !== f.alternate?.memoizedProps)) hostUpdates++;
      if (mounted || f.child !== f.alternate?.child) walk(f.child);
    }
  };
  (globalThis as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => walk(root.current),
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    checkDCE: () => undefined,
  };
  return {
    renders: () => [...renders],
    counts: () => {
      const out: Record<string, number> = {};
      for (const r of renders) out[r.name] = (out[r.name] ?? 0) + 1;
      return out;
    },
    hostUpdates: () => hostUpdates,
    reset: () => {
      renders = [];
      hostUpdates = 0;
    },
  };
}
