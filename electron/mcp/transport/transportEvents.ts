import { Emitter } from '../emitter';
import type { MalformedInput, RequestFailure, TransportClosed, TransportLog } from './transport';

/** The events every transport offers, and the emitters behind them. */
export abstract class TransportEvents {
  protected readonly messageEmitter = new Emitter<unknown>();
  protected readonly malformedEmitter = new Emitter<MalformedInput>();
  protected readonly logEmitter = new Emitter<TransportLog>();
  protected readonly closeEmitter = new Emitter<TransportClosed>();
  protected readonly requestErrorEmitter = new Emitter<RequestFailure>();
  readonly onMessage = this.messageEmitter.event;
  readonly onMalformed = this.malformedEmitter.event;
  readonly onLog = this.logEmitter.event;
  readonly onClose = this.closeEmitter.event;
  readonly onRequestError = this.requestErrorEmitter.event;

  protected log(level: TransportLog['level'], text: string): void {
    this.logEmitter.fire({ level, source: 'transport', text });
  }
}
