// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title A plain OpenZeppelin ERC-20, the baseline scripts/bench-gas.ts compares AssetToken20 with.
contract PlainErc20 is ERC20 {
    constructor(uint256 supply, address treasury) ERC20("Plain", "PLN") {
        _mint(treasury, supply);
    }
}
