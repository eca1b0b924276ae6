/** localStorage whose errors (private mode, quota) are swallowed, as SPEC §8 asks of persistence. */
export const safeStorage: Storage = {
  get length() {
    try {
      return window.localStorage.length;
    } catch {
      return 0;
    }
  },
  clear() {
    try {
      window.localStorage.clear();
    } catch {}
  },
  getItem(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  key(index) {
    try {
      return window.localStorage.key(index);
    } catch {
      return null;
    }
  },
  removeItem(key) {
    try {
      window.localStorage.removeItem(key);
    } catch {}
  },
  setItem(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {}
  },
};
