/** Sends a text message to a customer's phone. */
export abstract class SmsSender {
  abstract send(clientId: string, phone: string, text: string): Promise<void>;
}
