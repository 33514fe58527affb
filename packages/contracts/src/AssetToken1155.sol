// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";

/// @title An issuer's multi-token contract holding one fungible asset (id TOKEN_ID).
/// @notice The whole supply is minted once, to the issuer's treasury; nobody can mint more.
contract AssetToken1155 is ERC1155 {
    uint256 public constant TOKEN_ID = 1;

    error ZeroSupply();

    string public name;
    string public symbol;
    uint256 public immutable totalSupply;

    constructor(string memory name_, string memory symbol_, uint256 supply, address treasury, string memory uri_)
        ERC1155(uri_)
    {
        if (supply == 0) revert ZeroSupply();
        name = name_;
        symbol = symbol_;
        totalSupply = supply;
        _mint(treasury, TOKEN_ID, supply, "");
    }
}
