/** A minimal `window` with local storage for unit tests that run in Node. */
export function installTestWindow() {
  const data = new Map<string, string>();
  const localStorage = {
    get length() {
      return data.size;
    },
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
  };
  Object.assign(globalThis, {
    window: { localStorage, addEventListener() {}, removeEventListener() {} },
  });
  return data;
}
