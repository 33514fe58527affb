// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Consecutive} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Consecutive.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {Compliance} from "./Compliance.sol";
import {CompliantToken} from "./CompliantToken.sol";
import {IERC7943NonFungible} from "./IERC7943.sol";

/// @title An issuer's collection of unique items, transferable only as its Compliance rules allow.
/// @notice Items 1..totalSupply all belong to the treasury from the start (ERC-2309 batches, so a
/// deployment costs a few storage writes per 5,000 items, not one per item); nobody can mint more.
/// tokenURI(n) = baseURI + n, e.g. https://portal.example/api/tokens/<id>/items/<n>.
/// ERC-7943: items are frozen one by one; Compliance counts items (each transfer is an amount of 1).
contract AssetToken721 is ERC721Consecutive, CompliantToken, IERC7943NonFungible {
    /// @notice Keeps a deployment within one block's gas on any network.
    uint256 public constant MAX_SUPPLY = 100_000;
    uint96 private constant BATCH = 5_000;

    error InvalidSupply(uint256 supply, uint256 max);
    /// The ids given to recoverWallet left items at the lost wallet.
    error RecoveryIncomplete(address lost, uint256 left);

    uint256 public immutable totalSupply;
    string private _base;
    mapping(address account => mapping(uint256 tokenId => bool)) private _frozen;
    mapping(address account => uint256) private _frozenCount;

    constructor(
        string memory name_,
        string memory symbol_,
        uint256 supply,
        address treasury,
        string memory baseURI_,
        Compliance compliance_
    ) ERC721(name_, symbol_) CompliantToken(compliance_, treasury) {
        if (supply == 0 || supply > MAX_SUPPLY) revert InvalidSupply(supply, MAX_SUPPLY);
        totalSupply = supply;
        _base = baseURI_;
        for (uint256 left = supply; left > 0;) {
            uint96 batch = left > BATCH ? BATCH : uint96(left);
            _mintConsecutive(treasury, batch);
            left -= batch;
        }
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721, IERC165) returns (bool) {
        return interfaceId == type(IERC7943NonFungible).interfaceId || super.supportsInterface(interfaceId);
    }

    /// @return balance Items held. @return frozen How many of them are frozen.
    function holdingOf(address account) external view returns (uint256 balance, uint256 frozen) {
        return (balanceOf(account), _frozenCount[account]);
    }

    function canTransact(address account) external view returns (bool) {
        return _canTransact(account);
    }

    function canTransfer(address from, address to, uint256 tokenId) external view returns (bool) {
        return _ownerOf(tokenId) == from && _code(from, to, tokenId) == 0;
    }

    function getFrozenTokens(address account, uint256 tokenId) external view returns (bool) {
        return _frozen[account][tokenId];
    }

    /// @notice Freezes an item `account` holds, or unfreezes it.
    function setFrozenTokens(address account, uint256 tokenId, bool frozenStatus) external onlyAdmin returns (bool) {
        if (frozenStatus && _ownerOf(tokenId) != account) revert ERC721IncorrectOwner(account, tokenId, _ownerOf(tokenId));
        _setFrozen(account, tokenId, frozenStatus);
        return true;
    }

    /// @notice Moves an item whatever the rules (a frozen item is unfrozen as it leaves); `to` must be
    /// allowed to hold.
    function forcedTransfer(address from, address to, uint256 tokenId) external onlyAdmin returns (bool) {
        if (!_canTransact(to)) revert ERC7943CannotTransact(to);
        _setFrozen(from, tokenId, false);
        _mode = FORCED;
        _transfer(from, to, tokenId);
        _mode = ORDINARY;
        emit ForcedTransfer(from, to, tokenId);
        return true;
    }

    /// @notice Moves every item of a lost wallet (all of them must be listed in `tokenIds`), their
    /// freezes and the lock-up to another wallet of the same identity in the registry.
    function recoverWallet(address lost, address replacement, uint256[] calldata tokenIds)
        external
        onlyAdmin
        returns (bool)
    {
        _requireSameIdentity(lost, replacement);
        _mode = RECOVERY;
        for (uint256 i = 0; i < tokenIds.length; ++i) {
            uint256 tokenId = tokenIds[i];
            _transfer(lost, replacement, tokenId);
            if (_frozen[lost][tokenId]) {
                _setFrozen(lost, tokenId, false);
                _setFrozen(replacement, tokenId, true);
            }
            emit ForcedTransfer(lost, replacement, tokenId);
        }
        _mode = ORDINARY;
        if (balanceOf(lost) != 0) revert RecoveryIncomplete(lost, balanceOf(lost));
        compliance.recovered(lost, replacement, tokenIds.length);
        return true;
    }

    /// @dev Items are numbered from 1, like the portal's item pages.
    function _firstConsecutiveId() internal pure override returns (uint96) {
        return 1;
    }

    function _baseURI() internal view override returns (string memory) {
        return _base;
    }

    /// @dev The rules' answer, with a frozen item refused as "frozen" (4) unless an earlier rule applies.
    function _code(address from, address to, uint256 tokenId) private view returns (uint8 code) {
        code = compliance.check(address(this), from, to, 1);
        if (_frozen[from][tokenId] && (code == 0 || code > 4)) code = 4;
    }

    function _setFrozen(address account, uint256 tokenId, bool frozenStatus) private {
        if (_frozen[account][tokenId] == frozenStatus) return;
        _frozen[account][tokenId] = frozenStatus;
        if (frozenStatus) _frozenCount[account] += 1;
        else _frozenCount[account] -= 1;
        emit Frozen(account, tokenId, frozenStatus);
    }

    function _update(address to, uint256 tokenId, address auth) internal override returns (address from) {
        from = _ownerOf(tokenId);
        if (from != address(0) && _mode == ORDINARY) _refuse(_code(from, to, tokenId));
        super._update(to, tokenId, auth);
        _reportMove(from, to, 1);
    }
}
