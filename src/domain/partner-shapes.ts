/**
 * Shapes of the partner service the rules and the flows read, owned here so that nothing
 * below the conversation depends on the partner client. src/api's schemas read the wire
 * into them: each schema `satisfies` its shape, so a schema that drifts from it fails the
 * type check.
 */
import type { DataType } from './partner-codes.js';
import type { IsoDate, IsoDateTime } from './time.js';

/**
 * One penalty rule. In the catalog a rule has only HoursInAdvanceOfAccess and Percentage;
 * in a reservation or sale it may also carry Amount and a date range.
 */
export interface CancellationRule {
  hoursInAdvanceOfAccess?: number | undefined;
  percentage?: number | undefined;
  amount?: number | undefined;
  fromInclusiveDateTime?: IsoDateTime | undefined;
  toExclusiveDateTime?: IsoDateTime | undefined;
}

/** CancellationPolicy, also named CancellationConditions: same shape wherever it appears. */
export interface CancellationPolicy {
  isRefundable: boolean;
  rules: CancellationRule[];
}

export interface TaxBreakdown {
  taxPercentage: number;
  priceWithoutTaxes?: number | undefined;
  priceWithTaxes?: number | undefined;
}

/** Commission of a Retail-priced product: Type 1 percentage of Price, 2 absolute per product. */
export interface Commission {
  type: 1 | 2;
  value: number;
}

/** The value properties of an answer; exactly one is filled, chosen by the DataType. */
export interface AnswerValues {
  stringValue?: string | undefined;
  stringCollectionValue?: string[] | undefined;
  booleanValue?: boolean | undefined;
  booleanCollectionValue?: boolean[] | undefined;
  dateTimeValue?: IsoDateTime | undefined;
  dateTimeCollectionValue?: IsoDateTime[] | undefined;
  integerValue?: number | undefined;
  integerCollectionValue?: number[] | undefined;
  decimalValue?: number | undefined;
  decimalCollectionValue?: number[] | undefined;
  binaryValue?: string | undefined;
  binaryCollectionValue?: string[] | undefined;
  binaryMimeType?: string | undefined;
  binaryExtension?: string | undefined;
}

/** An answer to one question, as sent (sale, provider, client or ticket level). */
export interface Answer extends AnswerValues {
  questionId: string;
  question?: string | undefined;
}

/** QuestionsProfiles of Confirm and Sale requests: answers grouped by profile. */
export interface QuestionsProfileAnswers {
  questionsProfileId: string;
  questions: Answer[];
}

/** A question of a profile (ticket, provider, sale or client level). */
export interface Question {
  id: string;
  question: string;
  shortQuestion?: string | undefined;
  required: boolean;
  /** Which answer it takes, and so which value property the answer fills. */
  dataType: DataType;
  maxNumberOfValues?: number | undefined;
  regexValidationPattern?: string | undefined;
  regexValidationErrorMessage?: string | undefined;
  values: { text: string; value: string }[];
}

/** Remaining places of a product on one limited-access day. */
export interface ProductCapacity {
  productId: string;
  date: IsoDate;
  availableCapacity: number;
}

/** A ticket of an activity added to the cart, with its answers when its profile asks. */
export interface CartTicket {
  ticketId: string;
  sessionId?: string | undefined;
  accessDateTime?: IsoDate | undefined;
  questions?: Answer[] | undefined;
}

/** An activity added to the cart. */
export interface CartActivity {
  productId: string;
  /** Same value on every product of one combined product. */
  combinedProductId?: string | undefined;
  /** Redemption code of a gift card whose products are being added. */
  giftCardIdentifier?: string | undefined;
  accessDateTime: IsoDate;
  quantity: number;
  tickets?: CartTicket[] | undefined;
  questions?: Answer[] | undefined;
}

/** A gift card added to the cart. */
export interface CartGiftCard {
  productIds: string[];
  accessDateTime: IsoDate;
  message?: string | undefined;
  client?: { fullName?: string | undefined; email?: string | undefined } | undefined;
}

/** A package added to the cart: what was chosen of each of its providers' activities. */
export interface CartPackageGrouping {
  echoToken: string;
  packages: {
    id: string;
    providers?:
      | {
          id: string;
          activities?:
            | {
                id: string;
                productBaseId: string;
                tickets?:
                  | {
                      sessionId?: string | undefined;
                      accessDateTime: IsoDate;
                      ticketId?: string | undefined;
                    }[]
                  | undefined;
              }[]
            | undefined;
        }[]
      | undefined;
  }[];
}
