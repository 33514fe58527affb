// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title An issuer's fungible asset token.
/// @notice The whole supply is minted once, to the issuer's treasury; nobody can mint more.
contract AssetToken20 is ERC20 {
    error ZeroSupply();

    uint8 private immutable _decimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 supply, address treasury)
        ERC20(name_, symbol_)
    {
        if (supply == 0) revert ZeroSupply();
        _decimals = decimals_;
        _mint(treasury, supply);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }
}
