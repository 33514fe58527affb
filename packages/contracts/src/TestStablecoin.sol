// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title A test US-dollar stablecoin for the embedded chain (ADR 70).
/// @notice Worthless by design: its name and symbol say "test" so nobody mistakes it for USDC.
/// Six decimals, as USDC, so amounts read the same when an operator configures a real one.
contract TestStablecoin is ERC20, Ownable {
    constructor(address platform) ERC20("Test USD", "tUSD") Ownable(platform) {}

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice The platform mints the faucet's and new vaults' test amounts.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
