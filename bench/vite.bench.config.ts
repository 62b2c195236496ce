// The app's Vite config plus bench/render/bench-probe.ts in the entry, inert unless the page URL carries ?bench.
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import base from '../vite.config.ts';

function benchProbe(): Plugin {
  return {
    name: 'tickwise-bench-probe',
    enforce: 'pre',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('/src/main.tsx') || code.includes('bench-probe')) return null;
      return { code: `import '../bench/render/bench-probe.ts';\n${code}`, map: null };
    },
  };
}

export default mergeConfig(base, defineConfig({ plugins: [benchProbe()] }));
