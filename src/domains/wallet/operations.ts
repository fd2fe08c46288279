import type { DomainOperation } from "../services.js";
import { getWallet } from "./get-wallet.js";
import { listLedger } from "./list-ledger.js";

export const walletOperations: DomainOperation[] = [getWallet, listLedger];
