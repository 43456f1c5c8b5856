import { AchSimulatorSettings } from './ach-simulator-settings';
import { simulatedReturnReportedAt } from './simulated-ach-network';

describe('simulatedReturnReportedAt (when the simulator reports a return)', () => {
  // Monday 23 November 2026, 10:00 in New York: expected to settle Tuesday 24, the banking day after is Wednesday 25.
  const acceptedAt = new Date('2026-11-23T15:00:00Z');

  it.each(['R01', 'R02', 'R03', 'R15', 'R16'])('reports %s the return delay after acceptance by default (0 with zero delays)', (code) => {
    expect(simulatedReturnReportedAt(code, acceptedAt, new AchSimulatorSettings(12_000, 0))).toEqual(new Date('2026-11-23T15:00:12Z'));
    expect(simulatedReturnReportedAt(code, acceptedAt, new AchSimulatorSettings(0, 0))).toEqual(acceptedAt);
  });

  it('with realistic timing, reports R01 no earlier than the banking day after the expected settlement, the others after the delay', () => {
    const realistic = new AchSimulatorSettings(12_000, 0, true);
    expect(simulatedReturnReportedAt('R01', acceptedAt, realistic)).toEqual(new Date('2026-11-25T05:00:00Z'));
    expect(simulatedReturnReportedAt('R15', acceptedAt, realistic)).toEqual(new Date('2026-11-23T15:00:12Z'));
    // A delay longer than the window wins.
    expect(simulatedReturnReportedAt('R01', acceptedAt, new AchSimulatorSettings(5 * 86_400_000, 0, true))).toEqual(new Date('2026-11-28T15:00:00Z'));
  });
});
