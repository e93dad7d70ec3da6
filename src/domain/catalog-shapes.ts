/**
 * The catalog as the rules and the flows read it: providers, their ticket enclosures and
 * sessions, product bases, products and tickets. Owned here; src/api/catalog.ts reads the
 * wire into it (each schema `satisfies` its shape, so a schema that drifts fails the type
 * check).
 */
import type { CancellationPolicy, Commission, TaxBreakdown } from './partner-shapes.js';
import type { PriceMode } from './pricing.js';
import type { IsoDate, IsoDateTime } from './time.js';

/** A session of an enclosure, with its content and whether its capacity is limited. */
export interface CatalogSession {
  sessionId: string;
  sessionContentId?: string | undefined;
  sessionTime: IsoDateTime;
  hasLimitedCapacity: boolean;
  availableCapacity?: number | undefined;
}

/** An enclosure's sessions block. */
export interface EnclosureSessions {
  sessionContentProfileId?: string | undefined;
  sessionGroupProfileId?: string | undefined;
  hasSeating: boolean;
  /** The group's sessions all get its content. */
  sessionsGroupSessionContents?:
    { sessionsGroupId: string; sessionContentId?: string | undefined } | undefined;
  sessionSessionContents: CatalogSession[];
  ticketEnclosureAutoAssignSessionType: 0 | 1 | 2;
}

/** How a type of person is told: 1 Age (years), 2 Height (centimetres). */
type PersonDefinitionType = 1 | 2 | undefined;

export interface TicketEnclosure {
  ticketEnclosureId: string;
  ticketEnclosureName: string;
  ticketEnclosureConditions?: string | undefined;
  typeOfPersonDefinitionTypeChild?: PersonDefinitionType;
  typeOfPersonDefinitionTypeAdult?: PersonDefinitionType;
  typeOfPersonDefinitionTypeSenior?: PersonDefinitionType;
  typeOfPersonDefinitionValueChild?: number | undefined;
  typeOfPersonDefinitionValueAdult?: number | undefined;
  typeOfPersonDefinitionValueSenior?: number | undefined;
  sessions?: EnclosureSessions | undefined;
}

export interface Ticket {
  ticketId: string;
  isQuotaTicket: boolean;
  ticketName: string;
  ticketConditions?: string | undefined;
  ticketEnclosureId?: string | undefined;
  /** 1 auto-assigned by the system, 3 processing required (seats assigned later). */
  seatingAssignType?: number | undefined;
  ticketsQuestionsProfileId?: string | undefined;
}

export interface PricesAndDates {
  price: number;
  currency: string;
  currencyName?: string | undefined;
  dates: IsoDate[];
  originalPrice?: number | undefined;
  taxBreakdown: TaxBreakdown[];
}

/**
 * MaxHoursInAdvanceOfPurchase: a number of hours before 00:00 of the day after the visit,
 * or the earliest sale moment itself.
 */
export type EarliestSale = { kind: 'hours'; hours: number } | { kind: 'moment'; at: IsoDateTime };

export interface Product {
  productId: string;
  productName: string;
  suggestedSalesProductName?: string | undefined;
  productDescription?: string | undefined;
  tags: string[];
  /** For the partner only: never shown to a customer. */
  productInternalConsiderations?: string | undefined;
  productCancellationConditions?: string | undefined;
  cancellationPolicy?: CancellationPolicy | undefined;
  startIsActiveDate?: IsoDateTime | undefined;
  endIsActiveDate?: IsoDateTime | undefined;
  daysWithLimitedCapacity: IsoDate[];
  hoursInAdvanceOfPurchase?: number | undefined;
  maxHoursInAdvanceOfPurchase?: EarliestSale | undefined;
  minimumNumberByTransaction: number;
  numberOfPeople: number;
  numberOfAdults: number;
  numberOfBabies: number;
  numberOfChildren: number;
  numberOfSenior: number;
  numberOfGeneric: number;
  requiresRealTimePrice: boolean;
  canOnlyBeSoldAsPartOfCombinedProduct: boolean;
  isInsurable: boolean;
  isForPackaging: boolean;
  validDays?: number | undefined;
  validDaysType?: number | undefined;
  priceMode: PriceMode;
  commission: Commission[];
  accessDateCriteria: number;
  accessDateCriteriaOpenDateSalesDocument?: number | undefined;
  /** 1 one barcode per ticket (the default), 2 one per person. */
  barcodeAssignment: number;
  pricesAndDates: PricesAndDates[];
  release?: number | undefined;
  salesDocumentSettings?: { disable: boolean; showPrice: boolean } | undefined;
  hasSaleFlowRules: boolean;
  tickets: Ticket[];
}

export interface ProductBase {
  productBaseId: string;
  productBaseName: string;
  productBaseDescription?: string | undefined;
  limitOfNumberOfPeopleToBeGroup?: number | undefined;
  isInsurable: boolean;
  tags: string[];
  products: Product[];
}

export interface Location {
  countryCode?: string | undefined;
  city?: string | undefined;
  address?: string | undefined;
  zipCode?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  region?: string | undefined;
}

/** Type: 0 Activity, 1 Accommodation, 2 Transport. TaxType: 0 IVA, 1 IGIC (Canary Islands). */
export interface Provider {
  providerId: string;
  providerName: string;
  providerDescription?: string | undefined;
  providerCommercialConditions?: string | undefined;
  providerAccessConditions?: string | undefined;
  exchangeVoucherPoint?: string | undefined;
  /** None, or DatePerTicketEnclosure (each enclosure may have its own access date). */
  advancedDateSelectorMethodName?: string | undefined;
  cancellationPolicy?: CancellationPolicy | undefined;
  demandAccessDate: boolean;
  taxType: number;
  type: number;
  demandAccessDateOnOpenDate: boolean;
  /** 1 open sale, 2 requires processing by the provider. */
  purchaseFlowType: number;
  isForGroups: boolean;
  isForSeasonTickets: boolean;
  isInsurable: boolean;
  limitOfNumberOfPeopleToBeGroup?: number | undefined;
  logo?: string | undefined;
  providerQuestionsProfileIds: string[];
  tags: string[];
  location?: Location | undefined;
  ticketEnclosures: TicketEnclosure[];
  productBases: ProductBase[];
}

/** A combined product definition (its shape assumed: "not shown" in the spec). */
export interface CombinedProduct {
  combinedProductId: string;
  combinedProductName: string;
  productIds: string[];
}

export interface Catalog {
  lastUpdatedDateTime?: IsoDateTime | undefined;
  providers: Provider[];
  /** Switches the insurance quote on for the partner (shape assumed). */
  partnerSettings?: { isInsurancePolicyEnabled: boolean } | undefined;
  saleQuestionProfileIds: string[];
  clientQuestionProfileIds: string[];
  combinedProducts: CombinedProduct[];
}
