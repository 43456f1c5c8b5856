import { loadAchSimulatorSettings } from './ach-simulator-settings';

describe('loadAchSimulatorSettings', () => {
  it('reports returns four step delays after acceptance by default, with no latency', () => {
    expect(loadAchSimulatorSettings({}, 3000)).toEqual({ returnDelayMs: 12_000, latencyMs: 0, realisticTiming: false });
    expect(loadAchSimulatorSettings({}, 0)).toEqual({ returnDelayMs: 0, latencyMs: 0, realisticTiming: false });
  });

  it('takes both from the environment and refuses what is not whole milliseconds', () => {
    expect(loadAchSimulatorSettings({ ACH_SIMULATOR_RETURN_DELAY_MS: '1500', ACH_SIMULATOR_LATENCY_MS: '150' }, 3000)).toEqual({ returnDelayMs: 1500, latencyMs: 150, realisticTiming: false });
    expect(() => loadAchSimulatorSettings({ ACH_SIMULATOR_LATENCY_MS: '-1' }, 0)).toThrow('ACH_SIMULATOR_LATENCY_MS must be a whole number of milliseconds, got "-1"');
    expect(() => loadAchSimulatorSettings({ ACH_SIMULATOR_RETURN_DELAY_MS: 'soon' }, 0)).toThrow('ACH_SIMULATOR_RETURN_DELAY_MS');
  });

  it('times returns as a real network only when ACH_SIMULATOR_REALISTIC_TIMING is on', () => {
    expect(loadAchSimulatorSettings({ ACH_SIMULATOR_REALISTIC_TIMING: 'on' }, 0).realisticTiming).toBe(true);
    expect(loadAchSimulatorSettings({ ACH_SIMULATOR_REALISTIC_TIMING: 'OFF' }, 0).realisticTiming).toBe(false);
    expect(() => loadAchSimulatorSettings({ ACH_SIMULATOR_REALISTIC_TIMING: 'yes' }, 0)).toThrow('ACH_SIMULATOR_REALISTIC_TIMING must be on or off, got "yes"');
  });
});
