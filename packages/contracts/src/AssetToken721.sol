// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Consecutive} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Consecutive.sol";

/// @title An issuer's collection of unique items.
/// @notice Items 1..totalSupply all belong to the treasury from the start (ERC-2309 batches, so a
/// deployment costs a few storage writes per 5,000 items, not one per item); nobody can mint more.
/// tokenURI(n) = baseURI + n, e.g. https://portal.example/api/tokens/<id>/items/<n>.
contract AssetToken721 is ERC721Consecutive {
    /// @notice Keeps a deployment within one block's gas on any network.
    uint256 public constant MAX_SUPPLY = 100_000;
    uint96 private constant BATCH = 5_000;

    error InvalidSupply(uint256 supply, uint256 max);

    uint256 public immutable totalSupply;
    string private _base;

    constructor(string memory name_, string memory symbol_, uint256 supply, address treasury, string memory baseURI_)
        ERC721(name_, symbol_)
    {
        if (supply == 0 || supply > MAX_SUPPLY) revert InvalidSupply(supply, MAX_SUPPLY);
        totalSupply = supply;
        _base = baseURI_;
        for (uint256 left = supply; left > 0;) {
            uint96 batch = left > BATCH ? BATCH : uint96(left);
            _mintConsecutive(treasury, batch);
            left -= batch;
        }
    }

    /// @dev Items are numbered from 1, like the portal's item pages.
    function _firstConsecutiveId() internal pure override returns (uint96) {
        return 1;
    }

    function _baseURI() internal view override returns (string memory) {
        return _base;
    }
}
