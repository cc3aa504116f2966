import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: [
    '../packages/ui/src/**/*.mdx',
    '../packages/ui/src/**/*.stories.@(ts|tsx)',
    '../apps/portal/src/**/*.stories.@(ts|tsx)',
    '../apps/survey/src/**/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs', '@storybook/addon-vitest'],
  // Holds mockServiceWorker.js for msw-storybook-addon.
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  typescript: {
    // react-docgen is much faster than react-docgen-typescript and good enough for autodocs.
    reactDocgen: 'react-docgen',
  },
};

export default config;
