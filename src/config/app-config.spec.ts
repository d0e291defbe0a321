import { loadConfig } from './app-config';

describe(loadConfig.name, () => {
  it('reads defaults when nothing is set', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATABASE_PATH: './data/arbiter.sqlite',
      RATE_LIMIT_PER_MINUTE: 600,
      MAX_DICE_PER_ROLL: 1000,
      MAX_DICE_PER_REQUEST: 10000,
      MAX_BODY_BYTES: 102400,
    });
  });

  it('converts numbers from the environment', () => {
    expect(loadConfig({ PORT: '8080', RATE_LIMIT_PER_MINUTE: '0' })).toMatchObject({
      PORT: 8080,
      RATE_LIMIT_PER_MINUTE: 0,
    });
  });

  it('refuses bad values, naming every variable at fault', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*PORT/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ MAX_DICE_PER_ROLL: '0' })).toThrow(/MAX_DICE_PER_ROLL/);
  });
});
