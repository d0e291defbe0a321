import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '*/*/dist/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'jest.config.js',
      'eslint.config.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The rules core stays framework-free: pure functions over plain data.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@nestjs/*'], message: 'src/core is framework-free: no Nest imports.' },
            { group: ['typeorm', 'typeorm/*'], message: 'src/core is framework-free: no TypeORM.' },
            { group: ['class-validator', 'class-validator/*'], message: 'src/core is framework-free.' },
            { group: ['class-transformer', 'class-transformer/*'], message: 'src/core is framework-free.' },
          ],
        },
      ],
    },
  },
);
