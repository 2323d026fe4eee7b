import type { CheckinVerdict } from '../../shared/api';

/** How a verdict looks and sounds: green lets in, amber sends elsewhere or later, red refuses. */
export type VerdictTone = 'green' | 'amber' | 'red';

export function toneOf(verdict: CheckinVerdict): VerdictTone {
  if (verdict === 'ok') return 'green';
  if (verdict === 'wrong_list' || verdict === 'not_open' || verdict === 'closed') return 'amber';
  return 'red';
}

let audio: AudioContext | null = null;

/**
 * A short tone (Web Audio, no sound file) and a vibration: one high beep to let in, two low buzzes to refuse.
 * Silent where the browser has neither (or has not been touched yet, for sound).
 */
export function signalVerdict(tone: VerdictTone): void {
  navigator.vibrate?.(tone === 'green' ? 120 : [200, 80, 200]);
  try {
    audio ??= new AudioContext();
    const beeps = tone === 'green' ? [{ at: 0, hz: 1046 }] : [{ at: 0, hz: 220 }, { at: 0.22, hz: 220 }];
    for (const beep of beeps) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = tone === 'green' ? 'sine' : 'square';
      oscillator.frequency.value = beep.hz;
      const start = audio.currentTime + beep.at;
      gain.gain.setValueAtTime(0.25, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.18);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.2);
    }
  } catch {
    // No Web Audio here: the colour and the vibration still tell.
  }
}
