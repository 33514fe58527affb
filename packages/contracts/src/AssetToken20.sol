// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {Compliance} from "./Compliance.sol";
import {CompliantToken} from "./CompliantToken.sol";
import {IERC7943Fungible} from "./IERC7943.sol";

/// @title An issuer's fungible asset token, transferable only as its Compliance rules allow.
/// @notice The whole supply is minted once, to the issuer's treasury; nobody can mint more.
/// ERC-7943: the issuer and the platform freeze amounts, force transfers and recover wallets.
contract AssetToken20 is ERC20, CompliantToken, IERC7943Fungible {
    error ZeroSupply();

    uint8 private immutable _decimals;
    mapping(address account => uint256) private _frozen;

    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        uint256 supply,
        address treasury,
        Compliance compliance_
    ) ERC20(name_, symbol_) CompliantToken(compliance_, treasury) {
        if (supply == 0) revert ZeroSupply();
        _decimals = decimals_;
        _mint(treasury, supply);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(IERC7943Fungible).interfaceId || interfaceId == type(IERC165).interfaceId;
    }

    function holdingOf(address account) external view returns (uint256 balance, uint256 frozen) {
        return (balanceOf(account), _frozen[account]);
    }

    function canTransact(address account) external view returns (bool) {
        return _canTransact(account);
    }

    function canTransfer(address from, address to, uint256 amount) external view returns (bool) {
        return amount <= balanceOf(from) && compliance.check(address(this), from, to, amount) == 0;
    }

    function getFrozenTokens(address account) external view returns (uint256) {
        return _frozen[account];
    }

    function setFrozenTokens(address account, uint256 amount) external onlyAdmin returns (bool) {
        _frozen[account] = amount;
        emit Frozen(account, amount);
        return true;
    }

    /// @notice Moves `amount` from `from` to `to` whatever the rules; `to` must be allowed to hold.
    /// Unfrozen tokens go first; if frozen ones must go too, the frozen amount drops to what is left.
    function forcedTransfer(address from, address to, uint256 amount) external onlyAdmin returns (bool) {
        if (!_canTransact(to)) revert ERC7943CannotTransact(to);
        uint256 frozen = _frozen[from];
        uint256 left = _frozenAfterForced(balanceOf(from), frozen, amount);
        if (left != frozen) {
            _frozen[from] = left;
            emit Frozen(from, left);
        }
        _mode = FORCED;
        _transfer(from, to, amount);
        _mode = ORDINARY;
        emit ForcedTransfer(from, to, amount);
        return true;
    }

    /// @notice Moves a lost wallet's whole balance, frozen amount and lock-up to another wallet of
    /// the same identity in the registry.
    function recoverWallet(address lost, address replacement) external onlyAdmin returns (bool) {
        _requireSameIdentity(lost, replacement);
        uint256 amount = balanceOf(lost);
        _mode = RECOVERY;
        _transfer(lost, replacement, amount);
        _mode = ORDINARY;
        uint256 frozen = _frozen[lost];
        if (frozen > 0) {
            delete _frozen[lost];
            emit Frozen(lost, 0);
            _frozen[replacement] += frozen;
            emit Frozen(replacement, _frozen[replacement]);
        }
        compliance.recovered(lost, replacement, amount);
        emit ForcedTransfer(lost, replacement, amount);
        return true;
    }

    function _update(address from, address to, uint256 value) internal override {
        _checkMove(from, to, value);
        super._update(from, to, value);
        _reportMove(from, to, value);
    }
}
