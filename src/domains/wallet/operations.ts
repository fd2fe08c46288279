import type { OperationImpl } from "../../operations/define.js";
import { getWallet } from "./get-wallet.js";
import { listLedger } from "./list-ledger.js";

export const walletOperations: OperationImpl[] = [getWallet, listLedger];
