import { type ComponentType, lazy } from "react";
import { importWithRecovery } from "~/browser/lazy-import";

const serverLoads: Promise<unknown>[] = [];

/**
 * A component whose code the browser loads only when a page renders it (React.lazy; wrap it in
 * `<Suspense fallback={null}>`), while the server renders it at once: there the module is loaded
 * ahead and React is handed a thenable that calls back synchronously, which React 18's lazy reads as
 * resolved, so the HTML holds the component itself, never a fallback and a streamed swap. Hydrating a
 * page that shows it, React keeps the server's HTML until the chunk arrives. If the chunk cannot be
 * loaded, `unloaded` is shown instead.
 */
export function lazyRenderedOnServer<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
  unloaded: ComponentType<Props>,
) {
  let loaded: Module | undefined;
  if (import.meta.env.SSR)
    serverLoads.push(
      load().then((module) => {
        loaded = module;
      }),
    );
  return lazy(() => {
    if (loaded !== undefined) {
      const resolved = { default: pick(loaded) };
      return { then: (resolve: (value: typeof resolved) => void) => resolve(resolved) } as Promise<typeof resolved>;
    }
    return importWithRecovery(load).then(
      (module) => ({ default: pick(module) }),
      () => ({ default: unloaded }),
    );
  });
}

/** Resolves once the server holds every such component's code; documents render after it. */
export function serverRenderedLazyReady() {
  return Promise.all(serverLoads);
}
